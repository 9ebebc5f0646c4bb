#!/usr/bin/env python3
"""Fails on a test that can pass without checking anything.

`make lint` runs it. In `Tests/`, inside the body of a function marked `@Test` (closures and
local functions in it included), a `guard` whose `else` block holds a bare `return`:

    guard case .fetch(let cursor) = paginator.loadNextPage() else { return }

passes the test when the behaviour regresses. Write `let cursor = try #require(…)` instead;
an else block that calls `Issue.record(…)` before leaving is not flagged. A `return` with a value (`return nil`, `return false` in
an `eventually` closure) is not flagged: it cannot end a test.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BARE_RETURN = re.compile(r"\breturn\b(?=\s*(?:[};]|$))", re.MULTILINE)
OPENERS = {"(": ")", "[": "]", "{": "}"}


def blank(text: str) -> str:
    """`text` with comments and string literals replaced by spaces, newlines kept."""
    out = list(text)
    i, n = 0, len(text)

    def wipe(start: int, end: int) -> None:
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    def skip_string(i: int) -> int:
        """Index past the string literal starting at `i` (at its `#`s or first quote)."""
        hashes = 0
        while text[i] == "#":
            hashes += 1
            i += 1
        multiline = text.startswith('"""', i)
        quote = '"""' if multiline else '"'
        close = quote + "#" * hashes
        i += len(quote)
        while i < n:
            if text.startswith(close, i):
                return i + len(close)
            if text[i] == "\\" and text.startswith("#" * hashes, i + 1):
                after = i + 1 + hashes
                if after < n and text[after] == "(":
                    i = skip_code(after + 1, ")")
                    continue
                i = after + 1
                continue
            if text[i] == "\n" and not multiline:
                return i
            i += 1
        return n

    def skip_code(i: int, closer: str) -> int:
        """Index past the `closer` that ends code starting at `i` (inside an interpolation)."""
        depth = 0
        while i < n:
            c = text[i]
            if c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
                i = skip_string(i)
                continue
            if c in "([{":
                depth += 1
            elif c in ")]}":
                if depth == 0 and c == closer:
                    return i + 1
                depth -= 1
            i += 1
        return n

    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            wipe(i, end)
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            wipe(i, end)
            i = end
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:]) and not re.match(r"\w", text[i - 1 : i])):
            end = skip_string(i)
            wipe(i, end)
            i = end
        else:
            i += 1
    return "".join(out)


def matching(code: str, start: int) -> int:
    """Index of the bracket closing the one at `start`."""
    stack = [OPENERS[code[start]]]
    i = start + 1
    while i < len(code) and stack:
        c = code[i]
        if c in OPENERS:
            stack.append(OPENERS[c])
        elif c in ")]}":
            stack.pop()
        i += 1
    return i - 1


def test_bodies(code: str):
    """(start, end) of the body of each function marked `@Test`."""
    for attribute in re.finditer(r"@Test\b", code):
        declaration = re.compile(r"\bfunc\b").search(code, attribute.end())
        if not declaration:
            continue
        i = declaration.end()
        while i < len(code) and code[i] != "{":
            if code[i] in "([":
                i = matching(code, i)
            i += 1
        if i < len(code):
            yield i, matching(code, i)


def guard_else_blocks(code: str, start: int, end: int):
    """(start, end) of the `else` block of each `guard` between `start` and `end`."""
    for guard in re.finditer(r"\bguard\b", code[start:end]):
        i = start + guard.end()
        while i < end:
            if code[i] in "([{":
                i = matching(code, i) + 1
                continue
            found = re.compile(r"else\s*\{").match(code, i)
            if found and not re.match(r"\w", code[i - 1]):
                block = found.end() - 1
                yield block, matching(code, block)
                break
            i += 1


def main() -> int:
    problems = []
    for path in sorted((ROOT / "Tests").rglob("*.swift")):
        code = blank(path.read_text(encoding="utf-8"))
        for body_start, body_end in test_bodies(code):
            for block_start, block_end in guard_else_blocks(code, body_start, body_end):
                if "Issue.record(" in code[block_start:block_end]:
                    continue  # the test fails before it leaves
                for bare in BARE_RETURN.finditer(code, block_start, block_end + 1):
                    line = code.count("\n", 0, bare.start()) + 1
                    problems.append(f"{path.relative_to(ROOT)}:{line}: a bare `return` in a guard's else "
                                    "inside a @Test passes the test when it should fail; use `try #require(…)`")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-vacuous-tests: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("check-vacuous-tests: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
