#!/usr/bin/env python3
"""Compiles the doc comments' examples of the client library: writes them out as test code.

Every fenced Swift block (```swift) in a `///` comment of the five library products
(ScoutModels, Networking, Providers, InstantSearch, ImageLoading) becomes a function in
`Tests/DocExampleTests/Generated/<Module>DocExamples.swift`, under a comment naming its file
and line; the build then compiles it, so an example that names an API that is gone, or calls
one wrongly, breaks the build instead of misleading a reader. `DocExampleTests` checks that the
generated list names exactly the examples the sources hold now.

    python3 scripts/doc-examples.py           # rewrite the generated files (`make doc-examples`)
    python3 scripts/doc-examples.py --check   # fail when they are not current (`make lint`)

`Generated/` holds only what this script writes; a file there it would not write is removed.

Context. Examples use names they do not declare — `client`, `provider`, `session`, `loader`.
Those come from a hand-written prelude per module, `Tests/DocExampleTests/Preludes/`: an enum
`<Module>DocExamples` whose static properties are the names, and the generated functions are its
static methods, so each module's names stay its own. We chose a prelude over hidden setup lines
because DocC has no hidden lines: whatever an example declares, a reader sees; a prelude keeps
the examples as short as they read and says in one place what each name is. The prelude's
values are never made (`docExampleContext()` traps): the functions are compiled, never run.

Access. An example on a public declaration compiles with a plain `import`, as an app's code
would; one on an internal declaration goes to `<Module>InternalDocExamples.swift` with
`@testable import`, so a public example cannot lean on internals.

Platforms. An example under an `#if` in its source (`CurlTransport`'s, `canImport(CCurl)`) is
compiled under the same `#if`; the test requires every one to be compiled on Linux, where CI runs.

The examples are copied as written; a bare opening fence (no language) in these modules fails
here, so no example escapes by leaving its language out. Examples show values as expressions
(`IPAddress("10.1.2.3")?.isPublic  // false`) and bind names they never use, which Swift warns
about: the test target is compiled with warnings suppressed (Package.swift); errors still fail it.

What is worth an example: use that the signature does not show (a call in context, a value and
what it means, a pattern such as do/catch). A line that restates a property or an initializer
is better said in the summary sentence, and then costs nothing to keep true.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Tests" / "DocExampleTests" / "Generated"
# The library products, each with the modules its examples may use (an app imports them too).
MODULES = {
    "ScoutModels": ["Foundation", "ScoutModels"],
    "Networking": ["Foundation", "Networking", "ScoutModels"],
    "Providers": ["Foundation", "Networking", "Providers", "ScoutModels"],
    "InstantSearch": ["Foundation", "InstantSearch", "ScoutModels"],
    "ImageLoading": ["Foundation", "ImageLoading", "Networking", "ScoutModels"],
}
CONDITION = re.compile(r"^\s*#(if|elseif|else|endif)\b\s*(.*)$")
FENCE = re.compile(r"^\s*///\s?```(\w*)\s*$")
DOC_LINE = re.compile(r"^\s*///\s?(.*)$")
ATTRIBUTES_ONLY = re.compile(r"^(@\w+(\([^)]*\))?\s*)+$")


class Example:
    def __init__(self, path: str, line: int, code: list[str], is_public: bool, conditions: tuple[str, ...]):
        self.path, self.line, self.code, self.is_public = path, line, code, is_public
        # The `#if` conditions around it in its source file (`canImport(CCurl)`): the same wrap it.
        self.conditions = conditions

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}"

    @property
    def function(self) -> str:
        stem = re.sub(r"[^A-Za-z0-9]", "", pathlib.Path(self.path).stem)
        # Lower the leading capitals as Swift does: `FNV1a` → `fnv1a`, `URLSession` → `urlSession`.
        head = re.match(r"[A-Z]+(?![a-z])|[A-Z]+(?=[A-Z][a-z])|[A-Z]", stem)
        stem = stem[: head.end()].lower() + stem[head.end():] if head else stem
        return f"{stem}Line{self.line}"


def declaration_is_public(lines: list[str], after: int) -> bool:
    """Whether the declaration the doc comment ending before `after` documents is public:
    `public`/`open` on it, or a requirement of a public protocol."""
    i = after
    while i < len(lines) and (lines[i].strip().startswith("//") or ATTRIBUTES_ONLY.match(lines[i].strip())):
        i += 1
    if i >= len(lines):
        return False
    declaration = lines[i]
    if re.search(r"\b(public|open)\b", declaration):
        return True
    indent = len(declaration) - len(declaration.lstrip())
    for k in range(i - 1, -1, -1):
        text = lines[k]
        if text.strip() and not text.strip().startswith("//") and len(text) - len(text.lstrip()) < indent:
            return bool(re.search(r"\bpublic\s+protocol\b", text))
    return False


def examples(module: str) -> list[Example]:
    found = []
    folder = ROOT / "Sources" / module
    for file in sorted(folder.rglob("*.swift"), key=lambda p: str(p.relative_to(ROOT))):
        path = str(file.relative_to(ROOT))
        lines = file.read_text(encoding="utf-8").split("\n")
        i = 0
        conditions: list[str] = []
        while i < len(lines):
            directive = CONDITION.match(lines[i])
            if directive:
                keyword, condition = directive.groups()
                if keyword == "if":
                    conditions.append(condition.strip())
                elif keyword == "else":
                    conditions[-1] = f"!({conditions[-1]})"
                elif keyword == "endif":
                    conditions.pop()
                else:
                    sys.exit(f"{path}:{i + 1}: #elseif is not understood here; nest an #if")
            fence = FENCE.match(lines[i])
            if not fence:
                i += 1
                continue
            language, start = fence.group(1), i
            i += 1
            code = []
            while i < len(lines) and not FENCE.match(lines[i]):
                doc = DOC_LINE.match(lines[i])
                if not doc:
                    sys.exit(f"{path}:{start + 1}: the code block is not closed inside its doc comment")
                code.append(doc.group(1).rstrip())
                i += 1
            if i == len(lines) or FENCE.match(lines[i]).group(1):
                sys.exit(f"{path}:{start + 1}: the code block is not closed inside its doc comment")
            i += 1
            if language == "":
                sys.exit(f"{path}:{start + 1}: name the code block's language (```swift, ```json …)")
            if language == "swift":
                found.append(Example(path, start + 1, code, declaration_is_public(lines, i), tuple(conditions)))
    names = [example.function for example in found]
    duplicates = {name for name in names if names.count(name) > 1}
    if duplicates:
        sys.exit(f"{module}: two files share a name, so do their examples' functions: {sorted(duplicates)}")
    return found


def header(module: str) -> list[str]:
    return [
        "// swift-format-ignore-file",
        f"// Generated by scripts/doc-examples.py from the doc comments of Sources/{module}: edit those,",
        "// then run the script. Each function is one example, compiled and never run.",
        "",
    ]


def conditioned(conditions: tuple[str, ...], body: list[str], otherwise: list[str] | None = None) -> list[str]:
    if not conditions:
        return body
    out = [f"#if {' && '.join(conditions)}"] + body
    if otherwise:
        out += ["#else"] + otherwise
    return out + ["#endif"]


def functions(module: str, chosen: list[Example]) -> list[str]:
    out = [f"extension {module}DocExamples {{"]
    for example in chosen:
        code = [f"// {example.location}", f"@MainActor static func {example.function}() async throws {{"]
        code += [f"    {line}".rstrip() for line in example.code] + ["}"]
        out += [f"    {line}" if not line.startswith("#") else line for line in conditioned(example.conditions, code)]
        out += [""]
    out[-1] = "}"
    return out


def entries(found: list[Example]) -> list[str]:
    """The `examples` list: an entry per example, its function where this platform compiles it."""
    out = ["    static let examples: [DocExample] = {", "        var examples: [DocExample] = []"]
    for example in found:
        entry = f'examples.append(DocExample("{example.location}", {example.function}))'
        elsewhere = f'examples.append(DocExample("{example.location}", compiledOnlyWhere: "{" && ".join(example.conditions)}"))'
        lines = conditioned(example.conditions, [entry], [elsewhere])
        out += [f"        {line}" if not line.startswith("#") else line for line in lines]
    return out + ["        return examples", "    }()"]


def render(module: str, found: list[Example]) -> dict[str, str]:
    public = [example for example in found if example.is_public]
    internal = [example for example in found if not example.is_public]
    imports = [f"import {name}" for name in MODULES[module]]
    main = header(module) + imports + [""]
    if public:
        main += functions(module, public) + [""]
    main += [f"extension {module}DocExamples {{", "    /// Every example in the sources, in file and line order."]
    main += entries(found) + ["}", ""]
    files = {f"{module}DocExamples.swift": "\n".join(main)}
    if internal:
        testable = [f"@testable import {name}" if name == module else f"import {name}" for name in MODULES[module]]
        text = header(module) + testable + [""] + functions(module, internal) + [""]
        files[f"{module}InternalDocExamples.swift"] = "\n".join(text)
    return files


def main() -> int:
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit("usage: scripts/doc-examples.py [--check]")
    wanted: dict[str, str] = {}
    count = 0
    for module in MODULES:
        found = examples(module)
        count += len(found)
        wanted.update(render(module, found))
    present = {file.name: file.read_text(encoding="utf-8") for file in OUTPUT.glob("*.swift")} if OUTPUT.exists() else {}
    stale = sorted(name for name in wanted.keys() | present.keys() if wanted.get(name) != present.get(name))
    if check:
        for name in stale:
            print(f"{OUTPUT.relative_to(ROOT)}/{name} is not current: run python3 scripts/doc-examples.py",
                  file=sys.stderr)
        return 1 if stale else 0
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for name in stale:
        if name in wanted:
            (OUTPUT / name).write_text(wanted[name], encoding="utf-8")
        else:
            (OUTPUT / name).unlink()
    print(f"{count} examples in {len(MODULES)} modules; rewrote {len(stale)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
