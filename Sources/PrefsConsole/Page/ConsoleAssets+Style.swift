extension ConsoleAssets {
    static let style = """
        :root { color-scheme: light dark; --accent: #2f6fde; --muted: #6b7280; --line: #d9dde3; --bad: #c0392b; }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1200px;
          padding: 1.5rem; }
        header { display: flex; align-items: baseline; gap: 1rem; flex-wrap: wrap; }
        h1 { font-size: 1.4rem; margin: 0; }
        .title { margin: 0; color: var(--muted); }
        .status { margin: 0 0 0 auto; font-size: .85rem; padding: .15rem .6rem; border-radius: 1rem;
          border: 1px solid var(--line); }
        .status.live { border-color: #1e9e5a; color: #1e9e5a; }
        .status.offline { border-color: var(--bad); color: var(--bad); }
        .search { margin: 1rem 0; display: flex; gap: .5rem; }
        .search input { flex: 1; padding: .45rem .6rem; font: inherit; }
        .notice { min-height: 1.2rem; color: var(--accent); margin: .25rem 0; }
        table { border-collapse: collapse; width: 100%; }
        th { text-align: left; font-weight: 600; border-bottom: 2px solid var(--line); padding: .4rem; }
        td { border-bottom: 1px solid var(--line); padding: .55rem .4rem; vertical-align: top; }
        tr.changed td { background: rgba(47, 111, 222, .12); transition: background 1s; }
        .name { font-weight: 600; }
        .type { color: var(--muted); font-size: .85rem; margin-left: .3rem; }
        .secret { background: #7c3aed; color: white; border-radius: .3rem; font-size: .75rem; padding: 0 .35rem; }
        .description { margin: .2rem 0; }
        .source { margin: .2rem 0 0; color: var(--muted); font-size: .85rem; }
        td.value { max-width: 20rem; overflow-wrap: anywhere; }
        .current { white-space: pre-wrap; }
        form.editor { display: grid; gap: .35rem; }
        form.editor input[type=text], form.editor input[type=number], form.editor input[type=password],
        form.editor input[type=datetime-local], form.editor select, form.editor textarea {
          font: inherit; padding: .3rem .45rem; min-width: 14rem; }
        textarea.json { font-family: ui-monospace, Menlo, monospace; font-size: .85rem; width: 100%;
          box-sizing: border-box; }
        textarea.invalid, .refused [name=text] { outline: 2px solid var(--bad); }
        .actions { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; }
        .reason { flex: 1; min-width: 8rem; }
        button { font: inherit; padding: .3rem .8rem; cursor: pointer; }
        button.save { background: var(--accent); color: white; border: 0; border-radius: .3rem; }
        .error { color: var(--bad); margin: 0; min-height: 1em; }
        .hint { color: var(--muted); font-size: .8rem; }
        details.schema pre { font-size: .75rem; max-height: 12rem; overflow: auto; }
        .switch { position: relative; display: inline-block; width: 2.6rem; height: 1.4rem; }
        .switch input { opacity: 0; width: 100%; height: 100%; margin: 0; position: absolute; z-index: 1;
          cursor: pointer; }
        .slider { position: absolute; inset: 0; background: #b8bec8; border-radius: 1rem; transition: .2s; }
        .slider::before { content: ""; position: absolute; width: 1.1rem; height: 1.1rem; left: .15rem; top: .15rem;
          background: white; border-radius: 50%; transition: .2s; }
        .switch input:checked + .slider { background: var(--accent); }
        .switch input:checked + .slider::before { transform: translateX(1.2rem); }
        .switch input:focus-visible + .slider { outline: 2px solid var(--accent); outline-offset: 2px; }
        pre.diff { margin: 0; font-size: .8rem; }
        .added { color: #1e9e5a; } .removed { color: var(--bad); }
        .footer { color: var(--muted); font-size: .85rem; }

        """
}
