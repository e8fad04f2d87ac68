/// The page's script and style, served from the binary: no CDN, no build step. The page works without the script
/// (plain forms, reload to see changes); with it, edits go through the JSON API, refused values show their reason in
/// place, and changes arrive live from `/api/events`.
enum ConsoleAssets {
    static let script = #"""
        "use strict";
        (() => {
          const csrf = document.querySelector('meta[name="prefs-csrf"]').content;
          const status = document.getElementById("status");
          const notice = document.getElementById("notice");
          const search = document.getElementById("search");
          const headers = { "Content-Type": "application/json", "X-CSRF-Token": csrf };

          const nameOf = (row) => JSON.parse(row.dataset.key);
          const rowOf = (name) => [...document.querySelectorAll("tr.key")].find((row) => nameOf(row) === name);
          const say = (text) => { if (notice) notice.textContent = text; };

          async function refresh(name) {
            const row = rowOf(name);
            const form = row && row.querySelector("form.editor");
            if (form && form.dataset.dirty === "1") { say(`${name} was changed elsewhere; save or reload to see it.`); return; }
            const response = await fetch(`/row?key=${encodeURIComponent(JSON.stringify(name))}`, { credentials: "same-origin" });
            if (!response.ok) { if (row && response.status === 404) row.remove(); return; }
            const template = document.createElement("template");
            template.innerHTML = (await response.text()).trim();
            const fresh = template.content.firstElementChild;
            if (row) { fresh.id = row.id; row.replaceWith(fresh); } else { document.querySelector("#keys tbody").append(fresh); }
            fresh.classList.add("changed");
            setTimeout(() => fresh.classList.remove("changed"), 1500);
            filter();
          }

          function controlText(form) {
            const toggle = form.querySelector('input[type="checkbox"][name="text"]');
            if (toggle) return toggle.checked ? "true" : "false";
            const field = form.querySelector('[name="text"]:not([type="hidden"])');
            return field ? field.value : "";
          }

          document.addEventListener("input", (event) => {
            const form = event.target.closest && event.target.closest("form.editor");
            if (form && event.target.name === "text") form.dataset.dirty = "1";
            if (event.target.classList && event.target.classList.contains("json")) {
              try { JSON.parse(event.target.value); event.target.classList.remove("invalid"); }
              catch { event.target.classList.add("invalid"); }
            }
          });

          document.addEventListener("submit", async (event) => {
            const form = event.target;
            if (!form.classList.contains("editor")) return;
            event.preventDefault();
            const name = JSON.parse(form.elements.key.value);
            const reason = form.elements.reason.value;
            const action = event.submitter ? event.submitter.value : "save";
            const path = `/api/keys/${encodeURIComponent(name)}`;
            const response = action === "reset"
              ? await fetch(`${path}?reason=${encodeURIComponent(reason)}`, { method: "DELETE", headers })
              : await fetch(path, {
                  method: "PUT", headers,
                  body: JSON.stringify({ text: controlText(form), control: form.elements.control.value, reason }),
                });
            const error = form.querySelector(".error");
            if (!response.ok) {
              const body = await response.json().catch(() => ({ error: response.statusText }));
              error.textContent = body.error;
              form.classList.add("refused");
              return;
            }
            form.dataset.dirty = "";
            say(action === "reset" ? `${name} was reset.` : `${name} was saved.`);
            await refresh(name);
          });

          function filter() {
            const words = (search ? search.value : "").toLowerCase().split(/\s+/).filter((word) => word);
            for (const row of document.querySelectorAll("tr.key")) {
              row.hidden = !words.every((word) => row.dataset.search.includes(word));
            }
          }
          if (search) {
            search.addEventListener("input", filter);
            search.form.addEventListener("submit", (event) => { event.preventDefault(); filter(); });
          }

          if (window.EventSource && document.getElementById("keys")) {
            const events = new EventSource("/api/events");
            events.addEventListener("ready", (event) => {
              const data = JSON.parse(event.data);
              status.textContent = data.connection ? `Live · store ${data.connection}` : "Live";
              status.className = "status live";
            });
            events.addEventListener("change", (event) => refresh(JSON.parse(event.data).key));
            events.onerror = () => { status.textContent = "Reconnecting…"; status.className = "status offline"; };
          }
        })();

        """#
}
