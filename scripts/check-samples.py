#!/usr/bin/env python3
"""Compiles every Swift code sample of Prefs' documentation, so that no sample drifts from the code.

The samples are the ```swift blocks of README.md, of every DocC article under Sources/ (every `.docc` catalog), and
of every `///` doc comment under Sources/. Each block is compiled in one of two ways:

- **Alone**, when it is a whole program: it becomes the `main.swift` of a module of its own.
- **In its complete form**, when it is deliberately a fragment: a module under `Samples/` (a folder; each subfolder
  is a module of its own when the fragment needs several, built in the order their imports give) holds the block's
  lines, in order and unbroken (indentation aside), in a file whose header names the block's file:

      // Complete form of samples in: README.md, Sources/Prefs/Container/Preferences.swift

  A block that such a file holds is a fragment of it; the file is what compiles. A block that is neither (it does
  not compile alone, and no complete form that names its file holds it) fails the check, and so does a complete
  form that holds no block any more.

Modules are compiled with `swiftc` in the Swift 6 language mode against the modules of the package's own debug build
(`.build`); a module that imports SwiftUI against the stand-ins of the check build (`Checks/.build`, see
Checks/run.sh); one that imports PackageDescription (a `Package.swift` sample) against the toolchain's manifest API.
Any warning fails, except that a value was never used or mutated (samples show a call, not what follows it):
a deprecated name is a warning, and a sample that still uses one fails.

    scripts/check-samples.py              # builds the package and the check build if needed, then checks
    scripts/check-samples.py --no-build   # both are built already (.ci/run)
    scripts/check-samples.py --list       # every block, and where it is compiled
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "Samples"
HEADER = re.compile(r"^// Complete form of samples in: (.+)$", re.MULTILINE)
FENCE_OPEN = re.compile(r"^(\s*)```swift\s*$")
FENCE_CLOSE = re.compile(r"^\s*```\s*$")
DOC_LINE = re.compile(r"^\s*///\s?(.*)$")
IMPORT = re.compile(r"^\s*(?:@testable\s+|@preconcurrency\s+)?(?:public\s+|internal\s+|package\s+)?import\s+(\w+)",
                    re.MULTILINE)
# Warnings a sample may give: it shows a call, not what its caller does with the result.
HARMLESS_WARNING = re.compile(r"was never (used|mutated)|is unused|never used")
DIAGNOSTIC = re.compile(r"^(.*?):(\d+):(\d+): (error|warning): (.*)$")


@dataclass
class Block:
    """A ```swift block of the documentation."""

    path: str  # relative to the repository
    line: int  # 1-based line of the block's first line of code
    lines: list[str]
    form: "Form | None" = None

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass
class Module:
    name: str
    files: list[Path]

    def text(self) -> str:
        return "\n".join(f.read_text() for f in self.files)

    def imports(self) -> set[str]:
        return set(IMPORT.findall(self.text()))


@dataclass
class Form:
    """A complete form under Samples/: one module, or a folder of modules."""

    folder: Path
    modules: list[Module]
    covers: dict[Path, set[str]] = field(default_factory=dict)  # file → documentation files it names
    blocks: list[Block] = field(default_factory=list)

    @property
    def name(self) -> str:
        return str(self.folder.relative_to(ROOT))


# MARK: Finding the blocks


def fenced_blocks(lines: list[str]) -> list[tuple[int, list[str]]]:
    """The ```swift blocks among `lines`: (index of the first code line, code lines without the fence's indent)."""
    blocks = []
    index = 0
    while index < len(lines):
        opening = FENCE_OPEN.match(lines[index])
        if not opening:
            index += 1
            continue
        indent = len(opening.group(1))
        end = index + 1
        while end < len(lines) and not FENCE_CLOSE.match(lines[end]):
            end += 1
        code = [line[indent:] if line[:indent].strip() == "" else line for line in lines[index + 1 : end]]
        blocks.append((index + 1, code))
        index = end + 1
    return blocks


def documentation_blocks() -> list[Block]:
    blocks: list[Block] = []
    markdown = [ROOT / "README.md"] + sorted(p for p in (ROOT / "Sources").glob("**/*.docc/**/*.md"))
    for path in markdown:
        lines = path.read_text().split("\n")
        for start, code in fenced_blocks(lines):
            blocks.append(Block(str(path.relative_to(ROOT)), start + 1, code))
    for path in sorted((ROOT / "Sources").glob("**/*.swift")):
        if any(part.endswith(".docc") for part in path.parts):
            continue
        comment: list[str | None] = []
        for line in path.read_text().split("\n"):
            doc = DOC_LINE.match(line)
            comment.append(doc.group(1) if doc else None)
        index = 0
        while index < len(comment):
            if comment[index] is None:
                index += 1
                continue
            end = index
            while end < len(comment) and comment[end] is not None:
                end += 1
            for start, code in fenced_blocks([c or "" for c in comment[index:end]]):
                blocks.append(Block(str(path.relative_to(ROOT)), index + start + 1, code))
            index = end
    return blocks


# MARK: Complete forms


def complete_forms() -> list[Form]:
    forms = []
    if not SAMPLES.is_dir():
        return forms
    for folder in sorted(p for p in SAMPLES.iterdir() if p.is_dir()):
        subfolders = sorted(p for p in folder.iterdir() if p.is_dir())
        if subfolders:
            modules = [Module(p.name, sorted(p.glob("*.swift"))) for p in subfolders]
        else:
            modules = [Module(folder.name, sorted(folder.glob("*.swift")))]
        form = Form(folder, order_by_imports(modules))
        for module in form.modules:
            for file in module.files:
                header = HEADER.search(file.read_text())
                if header:
                    form.covers[file] = {name.strip() for name in header.group(1).split(",")}
        forms.append(form)
    return forms


def order_by_imports(modules: list[Module]) -> list[Module]:
    """The modules of a form, each after the ones it imports."""
    names = {m.name for m in modules}
    ordered: list[Module] = []
    remaining = list(modules)
    while remaining:
        ready = [m for m in remaining if not (m.imports() & names) - {o.name for o in ordered} - {m.name}]
        if not ready:
            raise SystemExit(f"samples: the modules of {modules[0].files[0].parent.parent} import each other")
        ordered.extend(ready)
        remaining = [m for m in remaining if m not in ready]
    return ordered


def normalized(lines: list[str]) -> list[str]:
    """Lines compared for containment: indentation and blank lines aside."""
    return [line.strip() for line in lines if line.strip()]


def contains(haystack: list[str], needle: list[str]) -> bool:
    if not needle:
        return True
    for start in range(len(haystack) - len(needle) + 1):
        if haystack[start : start + len(needle)] == needle:
            return True
    return False


def assign_forms(blocks: list[Block], forms: list[Form]) -> None:
    texts = {file: normalized(file.read_text().split("\n")) for form in forms for file in form.covers}
    for block in blocks:
        needle = normalized(block.lines)
        for form in forms:
            if any(block.path in named and contains(texts[file], needle) for file, named in form.covers.items()):
                block.form = form
                form.blocks.append(block)
                break


# MARK: Compiling


@dataclass
class Environment:
    name: str
    flags: list[str]


def harvest_flags(build: Path) -> list[str]:
    """The module search path and C module maps of a SwiftPM debug build, read from its llbuild manifest: those of
    the commands that compile modules into the same folder as the module `Prefs` (not the build's host tools)."""
    manifest = build / "debug.yaml"
    if not manifest.exists():
        raise SystemExit(f"samples: {manifest} is missing; build first (swift build), or run without --no-build")
    commands = []
    for line in manifest.read_text().split("\n"):
        stripped = line.strip()
        if stripped.startswith("args: [") and '"-module-name"' in stripped:
            commands.append(json.loads(stripped[len("args: ") :]))
    prefs = [c for c in commands if c[c.index("-module-name") + 1] == "Prefs"]
    if not prefs:
        raise SystemExit(f"samples: {manifest} does not compile the module Prefs")
    modules = prefs[0][prefs[0].index("-I") + 1]
    flags: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for arguments in commands:
        if "-I" not in arguments or arguments[arguments.index("-I") + 1] != modules:
            continue
        for index, argument in enumerate(arguments[:-1]):
            if argument != "-Xcc" or (index >= 2 and arguments[index - 2 : index] == ["-Xcc", "-I"]):
                continue  # not a C flag, or the path of an -I pair taken already
            value = arguments[index + 1]
            pair = ("-Xcc", "-I", "-Xcc", arguments[index + 3]) if value == "-I" else ("-Xcc", value)
            if pair not in seen:
                seen.add(pair)
                flags.extend(pair)
    return ["-I", modules] + flags


def environments() -> dict[str, Environment]:
    checks = ROOT / "Checks" / ".build"
    standIns = []
    for module in ["SwiftUI", "Combine", "Darwin", "ObjectiveC"]:
        standIns += ["-module-alias", f"{module}=StandIn{module}"]
    manifest_api = Path(shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc").resolve().parent.parent
    manifest_api = manifest_api / "lib" / "swift" / "pm" / "ManifestAPI"
    return {
        "package": Environment("the package's build", harvest_flags(ROOT / ".build")),
        "stand-ins": Environment(
            "the check build's stand-ins",
            harvest_flags(checks) + standIns if (checks / "debug.yaml").exists() else [],
        ),
        "manifest": Environment("the manifest API", ["-I", str(manifest_api)]),
    }


def environment_for(imports: set[str]) -> str:
    if "SwiftUI" in imports:
        return "stand-ins"
    if "PackageDescription" in imports:
        return "manifest"
    return "package"


@dataclass
class Unit:
    """What one compiler run checks: a block alone, or a complete form."""

    title: str
    modules: list[Module]
    blocks: list[Block]
    lines_of: Block | None = None  # a block compiled alone: its diagnostics are given at its own lines


@dataclass
class Outcome:
    unit: Unit
    problems: list[str]
    seconds: float


def compile_unit(unit: Unit, envs: dict[str, Environment], scratch: Path) -> Outcome:
    started = time.monotonic()
    problems: list[str] = []
    output = scratch / re.sub(r"[^A-Za-z0-9]+", "-", unit.title)
    output.mkdir(parents=True, exist_ok=True)
    for module in unit.modules:
        imports = module.imports()
        env = envs[environment_for(imports)]
        if not env.flags:
            problems.append(f"{unit.title}: needs {env.name}, which is not built (Checks/run.sh)")
            break
        command = ["swiftc", "-swift-version", "6", "-module-name", module.name, "-I", str(output), "-enable-testing"] + env.flags
        if env.name == "the manifest API":
            version = re.search(r"swift-tools-version:\s*([\d.]+)", module.text())
            command += ["-package-description-version", version.group(1) if version else "6.0", "-typecheck"]
        else:
            is_main = any(f.name == "main.swift" for f in module.files)
            if not is_main:
                command.append("-parse-as-library")
            command += ["-wmo", "-c", "-o", str(output / f"{module.name}.o")]
            command += ["-emit-module", "-emit-module-path", str(output / f"{module.name}.swiftmodule")]
        command += [str(f) for f in module.files]
        result = subprocess.run(command, cwd=output, capture_output=True, text=True)
        diagnostics = relevant_diagnostics(result.stdout + result.stderr, unit)
        if result.returncode != 0 and not diagnostics:
            diagnostics = [(result.stdout + result.stderr).strip() or f"swiftc exited {result.returncode}"]
        problems += diagnostics
        if result.returncode != 0:
            break
    return Outcome(unit, problems, time.monotonic() - started)


def relevant_diagnostics(text: str, unit: Unit) -> list[str]:
    """The errors and the warnings that fail a sample, at the documentation's lines for a block compiled alone."""
    kept = []
    for line in text.split("\n"):
        match = DIAGNOSTIC.match(line)
        if not match:
            continue
        path, row, column, kind, message = match.groups()
        if kind == "warning" and HARMLESS_WARNING.search(message):
            continue
        if unit.lines_of is not None and path.endswith("main.swift"):
            path, row = unit.lines_of.path, str(unit.lines_of.line + int(row) - 1)
        elif path.startswith(str(ROOT) + "/"):
            path = path[len(str(ROOT)) + 1 :]
        diagnostic = f"{path}:{row}:{column}: {kind}: {message}"
        if diagnostic not in kept:  # the module's emission and its compilation may both report it
            kept.append(diagnostic)
    return kept


def units(blocks: list[Block], forms: list[Form], scratch: Path) -> list[Unit]:
    result = []
    for form in forms:
        if form.blocks:
            result.append(Unit(form.name, form.modules, form.blocks))
    for number, block in enumerate(b for b in blocks if b.form is None):
        folder = scratch / "alone" / f"block{number}"
        folder.mkdir(parents=True, exist_ok=True)
        text = "\n".join(block.lines) + "\n"
        # A block with `@main` is a library file with an entry point; any other is top-level code.
        name = "Block.swift" if re.search(r"^\s*@main\b", text, re.MULTILINE) else "main.swift"
        (folder / name).write_text(text)
        module = Module(f"Sample{number}", [folder / name])
        result.append(Unit(block.where, [module], [block], lines_of=block))
    return result


# MARK: Main


def build(args: argparse.Namespace) -> None:
    if args.no_build:
        return
    subprocess.run(["swift", "build"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([str(ROOT / "Checks" / "run.sh")], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-build", action="store_true", help="the package and Checks/ are built already")
    parser.add_argument("--list", action="store_true", help="list every block and where it is compiled")
    args = parser.parse_args()
    if Path("/opt/swift/usr/bin").is_dir():
        os.environ["PATH"] = "/opt/swift/usr/bin:" + os.environ["PATH"]
    started = time.monotonic()

    blocks = documentation_blocks()
    forms = complete_forms()
    assign_forms(blocks, forms)
    if args.list:
        for block in blocks:
            print(f"{block.where}: {block.form.name if block.form else 'alone'}")
        return 0

    build(args)
    envs = environments()
    failures: list[str] = []
    for form in forms:
        if not form.covers:
            failures.append(f"{form.name}: no file says which documentation it completes ('// Complete form of …')")
        elif not form.blocks:
            failures.append(f"{form.name}: holds no block of {', '.join(sorted(set().union(*form.covers.values())))}"
                            " any more: make it follow the documentation, or remove it")
    with tempfile.TemporaryDirectory(prefix="prefs-samples-") as temporary:
        scratch = Path(temporary)
        work = units(blocks, forms, scratch)
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            outcomes = list(pool.map(lambda unit: compile_unit(unit, envs, scratch), work))

    failed_blocks = 0
    for outcome in outcomes:
        if not outcome.problems:
            continue
        failed_blocks += len(outcome.unit.blocks)
        if outcome.unit.lines_of is not None:
            failures.append(
                f"{outcome.unit.title}: does not compile alone, and no complete form under Samples/ that names "
                f"{outcome.unit.lines_of.path} holds it:\n    " + "\n    ".join(outcome.problems)
            )
        else:
            shown = ", ".join(b.where for b in outcome.unit.blocks)
            failures.append(f"{outcome.unit.title} (the complete form of {shown}) does not compile:\n    "
                            + "\n    ".join(outcome.problems))

    alone = sum(1 for b in blocks if b.form is None)
    used_forms = sum(1 for f in forms if f.blocks)
    for failure in failures:
        print(failure, file=sys.stderr)
    print(
        f"samples: {len(blocks) - failed_blocks} of {len(blocks)} Swift blocks compiled "
        f"({alone} alone, {len(blocks) - alone} in {used_forms} complete forms under Samples/), "
        f"{len(failures)} problem(s), {time.monotonic() - started:.0f} s"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
