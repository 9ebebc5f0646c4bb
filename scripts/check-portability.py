#!/usr/bin/env python3
"""Fails when the client library an Apple app imports would not build there.

`make lint` runs it. Two checks:

1. Source: in the library modules, Linux-only code outside a Linux-only `#if` branch — an
   import of Glibc, Musl, FoundationNetworking or a C module (`CCurl` …), a `Glibc.`/`Musl.`
   qualified call, and constants or fields only Linux has (SOCK_NONBLOCK, SOCK_CLOEXEC,
   MSG_NOSIGNAL, st_mtim, epoll, `SOCK_….rawValue`, which is a plain Int32 on Darwin).
   A branch counts as Linux-only when its condition is `os(Linux)` or `canImport(X)` for one
   of those modules; its `#else` branch is what Apple platforms compile, so it does not.
2. Package: no library product of those modules depends on a system library target, except
   through a dependency conditioned to Linux (`.when(platforms: [.linux])`), read from
   `swift package dump-package`.
3. Databases: only `BookStorage` sees the database modules among the book domain and the app
   (`BookCatalog`, `BookCrawler`, `ScoutServer`, `ScoutCommands` neither depend on nor import
   `SQLite` or `Postgres`), so a store's errors reach them only as `BookStoreError`.
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIBRARY_MODULES = ["ScoutModels", "Networking", "Providers", "InstantSearch", "ImageLoading"]
DATABASE_MODULES = ["SQLite", "Postgres", "CSQLite", "CLibPQ"]
DATABASE_FREE_MODULES = ["BookCatalog", "BookCrawler", "ScoutServer", "ScoutCommands"]
LINUX_MODULES = r"(?:Glibc|Musl|FoundationNetworking|C[A-Z]\w*)"
LINUX_CONDITION = re.compile(rf"os\(Linux\)|canImport\({LINUX_MODULES}\)")
FORBIDDEN = [
    (re.compile(rf"^\s*(?:@\w+\s+)*(?:(?:public|internal|package|private|fileprivate)\s+)?import\s+{LINUX_MODULES}\b"),
     "imports a Linux-only module"),
    (re.compile(r"\b(?:Glibc|Musl)\."), "calls through a Linux-only module"),
    (re.compile(r"\b(?:SOCK_NONBLOCK|SOCK_CLOEXEC|MSG_NOSIGNAL)\b"), "uses a Linux-only constant"),
    (re.compile(r"\bst_mtim\b"), "reads st_mtim (st_mtimespec on Darwin)"),
    (re.compile(r"\bepoll\w*"), "uses epoll (kqueue on Darwin)"),
    (re.compile(r"\bSOCK_[A-Z]+\.rawValue\b"), "reads SOCK_….rawValue (a plain Int32 on Darwin)"),
]


def strip_comment(line: str) -> str:
    """The line without a `//` comment (string literals holding `//` are rare enough here)."""
    index = line.find("//")
    return line if index < 0 else line[:index]


def source_problems() -> list[str]:
    problems = []
    for module in LIBRARY_MODULES:
        for path in sorted((ROOT / "Sources" / module).rglob("*.swift")):
            # One entry per open #if: whether the branch being read is Linux-only.
            branches: list[bool] = []
            for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                line = strip_comment(raw).strip()
                if line.startswith("#if"):
                    branches.append(bool(LINUX_CONDITION.search(line)))
                    continue
                if line.startswith("#elseif"):
                    if branches:
                        branches[-1] = bool(LINUX_CONDITION.search(line))
                    continue
                if line.startswith("#else"):
                    if branches:
                        branches[-1] = False
                    continue
                if line.startswith("#endif"):
                    if branches:
                        branches.pop()
                    continue
                if any(branches):
                    continue
                for pattern, what in FORBIDDEN:
                    if pattern.search(line):
                        relative = path.relative_to(ROOT)
                        problems.append(f"{relative}:{number}: {what} outside an `#if os(Linux)`/`canImport` "
                                        f"branch: {raw.strip()}")
    return problems


def package_problems(package: dict) -> list[str]:
    targets = {target["name"]: target for target in package["targets"]}

    def dependencies(target: dict) -> list[tuple[str, list[str] | None]]:
        """(name, platforms it is limited to, or None for all) of each target dependency."""
        found = []
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency:
                    name, condition = dependency[kind][0], dependency[kind][-1]
                    platforms = None
                    if isinstance(condition, dict) and condition.get("platformNames"):
                        platforms = condition["platformNames"]
                    found.append((name, platforms))
        return found

    apple = {"macos", "ios", "tvos", "watchos", "visionos", "maccatalyst", "driverkit"}
    problems = []
    for product in package["products"]:
        if "library" not in product["type"]:
            continue
        if not set(product["targets"]) & set(LIBRARY_MODULES):
            continue
        # Walk what Apple platforms compile: skip dependencies limited to non-Apple platforms.
        seen, path = set(), {}
        stack = [(name, [name]) for name in product["targets"]]
        while stack:
            name, chain = stack.pop()
            if name in seen or name not in targets:
                continue
            seen.add(name)
            target = targets[name]
            if target["type"] == "system":
                problems.append(f"library product {product['name']} reaches the system library {name} "
                                f"on Apple platforms: {' → '.join(chain)}")
                continue
            for dependency, platforms in dependencies(target):
                if platforms is not None and not apple & set(platforms):
                    continue
                stack.append((dependency, chain + [dependency]))
    missing = [module for module in LIBRARY_MODULES
               if not any(module in product["targets"] and "library" in product["type"]
                          for product in package["products"])]
    problems += [f"{module} is not a library product an app could depend on" for module in missing]
    return problems


def database_problems(package: dict) -> list[str]:
    """Database dependencies or imports in the modules that must go through BookStorage."""
    targets = {target["name"]: target for target in package["targets"]}
    importing = re.compile(rf"^\s*(?:@\w+\s+)*(?:\w+\s+)?import\s+({'|'.join(DATABASE_MODULES)})\b")
    problems = []
    for module in DATABASE_FREE_MODULES:
        for dependency in targets[module].get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency and dependency[kind][0] in DATABASE_MODULES:
                    problems.append(f"{module} depends on {dependency[kind][0]}; use BookStorage instead")
        for path in sorted((ROOT / "Sources" / module).rglob("*.swift")):
            for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if match := importing.match(raw):
                    problems.append(f"{path.relative_to(ROOT)}:{number}: imports {match.group(1)}; "
                                    "use BookStorage instead")
    return problems


def main() -> int:
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    problems = source_problems() + package_problems(json.loads(dump)) + database_problems(json.loads(dump))
    for problem in problems:
        print(f"portability: {problem}", file=sys.stderr)
    if problems:
        print(f"portability: {len(problems)} problem(s): the library would not build on Apple platforms, "
              "or a module reaches a database around BookStorage.",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
