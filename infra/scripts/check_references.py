#!/usr/bin/env python3
"""Every repository path and every `docs/…#anchor` named in code, comments and docs exists.

Reads the repository's files (`git ls-files`, and new files git does not ignore) of these kinds for paths and
anchors: Rust, TypeScript, JavaScript, Python, shell, Markdown, YAML, TOML, JSON and the Makefile; not lockfiles,
node_modules or the generated openapi.json and knowledge.json, nor this checker's tests (their fixture names paths
that exist only there). It checks:

- **Paths from the top.** A token that starts with a top-level entry of the repository (`functions/`, `site/`,
  `infra/`, `docs/`, `.ci/`, `template.yaml`, `Makefile`, `README.md`, `Cargo.toml`, …) names a file or folder
  from the repository root. One that starts with `../` is resolved from the file's folder, then from each folder
  above it (code reads such paths from its package's folder: `site/`, a crate's manifest directory).
- **Markdown links.** `[text](relative/path)` and `[label]: relative/path` in a .md file, resolved from that file's
  folder as GitHub does; `[text](#anchor)` names a heading of the same file. Links inside fenced code blocks,
  absolute paths (`/lms`, a site page) and URLs with a scheme are not checked.
- **Anchors.** `<file>.md#<anchor>` must name a heading of that file by GitHub's rule (lower case, punctuation removed,
  each space a hyphen; the second `## Notes` is `#notes-1`) or an `<a id|name="…">`. A bare `product.md#<anchor>` (no
  folder) is looked up from the file's folder, the folders above it, then `docs/`.
- **Patterns.** `{a,b}` is expanded and each name checked. A placeholder (`*`, `**`, `{name}`, `${name}`, `<name>`,
  `NNNN`, `…`) matches any characters within one path segment (`**` and `…` across segments), and at least one
  repository path must match. An anchor holding a placeholder is not checked. `docs/decisions/0024` names the
  decision whose file starts with `0024-`.
- **No tracker items.** "Issue NN", "issue #NN", "ISSUES NN" (any case, with a number) names an item in a tracker a
  reader of the repository cannot open: say what the change is instead. This is checked in every text file the
  repository holds (CSS, HTML, SVG, text and .gitignore too; lockfiles and generated files excepted), this checker's
  tests included. A mention whose line also holds its link (the same number after `/issues/` or `/pull/` of an
  upstream repository's URL) can be opened and is allowed. A URL alone is not a mention.
- **Outputs are not references.** Paths that git ignores (`site/build/…`, `node_modules/…`, `var/…`) are skipped:
  they exist only after a build.

Prints `file:line: reference (reason)` for each broken one and exits 1 if there are any. With FILE arguments, only
those files (or the files under those folders) are read; every repository path still counts as existing.

    python3 infra/scripts/check_references.py            # the whole repository
    python3 infra/scripts/check_references.py docs/ README.md
"""

from __future__ import annotations

import argparse
import functools
import re
import subprocess
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import unquote

SCANNED_SUFFIXES = {".rs", ".ts", ".tsx", ".mjs", ".js", ".py", ".sh", ".md", ".yaml", ".yml", ".toml", ".json"}
SCANNED_NAMES = {"Makefile"}
# Generated or lock files: they quote other people's paths, not ours.
SKIPPED_NAMES = {"Cargo.lock", "package-lock.json", "openapi.json", "knowledge.json"}
SKIPPED_PARTS = {"node_modules"}
# This checker's own tests, whose fixture repository names paths that exist only there.
SKIPPED_FILES = {"infra/tests/test_check_references.py"}

# One path segment's characters; `{…}`, `${…}` and `<name>` are groups (expansions or placeholders).
_CHAR = r"[\w.\-/*…#@+~%]"
_GROUP = r"\$?\{[^{}\s\"'`]*\}|<[\w.-]+>"
_TOKEN = rf"(?:{_CHAR}|{_GROUP})+"
# A reference starts at a word boundary that is not inside a longer path or URL (`https://x/docs/…` is not ours).
_START = r"(?<![\w./\-@:$])"
PLACEHOLDER = re.compile(r"\*\*|\*|\$\{[^{}]*\}|\{[^{},]*\}|<[\w.-]+>|N{3,}|…")
MD_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+[\"'(][^)]*)?\)")
MD_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+[\"'(].*)?$")
FENCE = re.compile(r"^\s{0,3}(```+|~~~+)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s[^>]*\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)
DECISION_NUMBER = re.compile(r"^(?:\.\./)*docs/decisions/(\d{4})$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
TRACKER_ITEM = re.compile(r"\bissues?[\s#]*(\d+)\b", re.IGNORECASE)
TRACKER_LINK = re.compile(r"/(?:issues|pull)/(\d+)\b")
TRACKER_REASON = "names a tracker item a reader cannot open; say what the change is"


@dataclass(frozen=True, order=True)
class Finding:
    file: str
    line: int
    reference: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.reference} ({self.reason})"


class Repository:
    """The paths that exist (tracked, or new and not ignored) and the headings of its Markdown files."""

    def __init__(self, root: Path):
        self.root = root
        listed = git(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")
        self.files = sorted({name for name in listed if name and (root / name).is_file()})
        self.paths = set(self.files)
        for name in self.files:
            parent = PurePosixPath(name).parent
            while str(parent) != ".":
                self.paths.add(str(parent))
                parent = parent.parent
        self.top_level = sorted({name.split("/", 1)[0] for name in self.files}, key=len, reverse=True)

    def exists(self, path: str) -> bool:
        return path.rstrip("/") in self.paths or path in ("", ".")

    def matching(self, pattern: str) -> list[str]:
        regex = pattern_regex(pattern.rstrip("/"))
        return [path for path in self.paths if regex.fullmatch(path)]

    def ignored(self, paths: list[str]) -> set[str]:
        """The paths git ignores (build outputs), asked in one call."""
        if not paths:
            return set()
        # A path that does not exist may be a folder: `site/build` is ignored as `/site/build/`.
        asked = [variant for path in paths for variant in (path, path.rstrip("/") + "/")]
        out = subprocess.run(
            ["git", "check-ignore", "--no-index", "--stdin", "-z"],
            cwd=self.root,
            input="\0".join(asked),
            capture_output=True,
            text=True,
        )
        answered = {name for name in out.stdout.split("\0") if name}
        return {path for path in paths if path in answered or path.rstrip("/") + "/" in answered}

    @functools.cache
    def anchors(self, path: str) -> frozenset[str]:
        text = (self.root / path).read_text(encoding="utf-8", errors="replace")
        return frozenset(heading_anchors(text))


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def scanned(path: str) -> bool:
    """Read for paths and anchors."""
    p = PurePosixPath(path)
    if p.name in SKIPPED_NAMES or SKIPPED_PARTS.intersection(p.parts) or path in SKIPPED_FILES:
        return False
    return p.suffix in SCANNED_SUFFIXES or p.name in SCANNED_NAMES


def worded(path: str) -> bool:
    """Read for tracker items (if it is text): every file but the generated and lock files (each scanned one too)."""
    p = PurePosixPath(path)
    return p.name not in SKIPPED_NAMES and not SKIPPED_PARTS.intersection(p.parts)


def text_of(path: Path) -> str | None:
    """A file's text, or None for a binary one (a NUL byte in its first 8 KiB: images, fonts, video)."""
    data = path.read_bytes()
    return None if b"\0" in data[:8192] else data.decode("utf-8", errors="replace")


def tracker_items(name: str, text: str):
    """Every "Issue NN" of a file whose line does not also link to that item."""
    for number, line in enumerate(text.splitlines(), start=1):
        linked = {match.group(1) for match in TRACKER_LINK.finditer(line)}
        for match in TRACKER_ITEM.finditer(line):
            if match.group(1) not in linked:
                yield Finding(name, number, match.group(0), TRACKER_REASON)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    kept = []
    for char in text.lower():
        category = unicodedata.category(char)
        if char in " -" or category[0] in "LMN" or category == "Pc":
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def heading_anchors(text: str) -> set[str]:
    anchors: set[str] = set()
    seen: dict[str, int] = {}
    fence = None
    for line in text.splitlines():
        opening = FENCE.match(line)
        if opening:
            marker = opening.group(1)
            if fence is None:
                fence = marker[0] * 3
            elif marker.startswith(fence):
                fence = None
            continue
        if fence:
            continue
        anchors.update(match.group(1) for match in HTML_ANCHOR.finditer(line))
        heading = HEADING.match(line)
        if heading:
            base = slug(heading.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            anchors.add(base if count == 0 else f"{base}-{count}")
    return anchors


def expand_braces(token: str) -> list[str]:
    """`a/{b,c}.md` → `a/b.md`, `a/c.md`; `{name}` (no comma) stays a placeholder."""
    match = re.search(r"(?<!\$)\{([^{}]*,[^{}]*)\}", token)
    if not match:
        return [token]
    head, tail = token[: match.start()], token[match.end() :]
    return [expanded for part in match.group(1).split(",") for expanded in expand_braces(head + part + tail)]


def pattern_regex(pattern: str) -> re.Pattern[str]:
    parts, last = [], 0
    for match in PLACEHOLDER.finditer(pattern):
        parts.append(re.escape(pattern[last : match.start()]))
        parts.append(".*" if match.group() in ("**", "…") else "[^/]*")
        last = match.end()
    parts.append(re.escape(pattern[last:]))
    return re.compile("".join(parts))


def top_level_token(repo: "Repository") -> re.Pattern[str]:
    """`functions/…`, `../functions/…`, `template.yaml`, `README.md#<anchor>`; a bare folder name is a word."""
    folders = [re.escape(name) for name in repo.top_level if name not in repo.files]
    files = [re.escape(name) for name in repo.top_level if name in repo.files]
    shapes = [rf"(?:{'|'.join(folders)})/{_TOKEN}"] if folders else []
    shapes += [rf"(?:{'|'.join(files)})(?:#{_TOKEN})?(?![\w/-]|\.\w)"] if files else []
    relative = r"(?:\./|(?:\.\./)+)?"
    return re.compile(rf"{_START}({relative}(?:{'|'.join(shapes) or '(?!)'}))")


BARE_MD_ANCHOR = re.compile(rf"{_START}([\w.-]+\.md#{_TOKEN})")


def clean(token: str) -> str:
    """Trailing sentence punctuation is not part of a path: `see docs/product.md.` names docs/product.md."""
    return token.rstrip(".#,")


class Checker:
    def __init__(self, repo: Repository):
        self.repo = repo
        self.token = top_level_token(repo)

    def check(self, files: list[str]) -> list[Finding]:
        """The findings of these files: tracker items in each text one, paths and anchors in the scanned ones."""
        candidates: list[tuple[str, int, str, list[str]]] = []  # (file, line, reference, paths to test)
        findings: list[Finding] = []
        for name in files:
            text = text_of(self.repo.root / name) if worded(name) else None
            if text is None:
                continue
            findings.extend(tracker_items(name, text))
            if scanned(name):
                for number, reference, kind in self.references(name, text):
                    findings.extend(self.resolve(name, number, reference, kind, candidates))
        ignored = self.repo.ignored(sorted({p for *_, paths in candidates for p in paths}))
        for name, number, reference, paths in candidates:
            if any(path in ignored for path in paths):
                continue
            findings.extend(self.exists(name, number, reference, paths))
        return sorted(set(findings))

    def references(self, name: str, text: str):
        """(line number, reference, kind) for every reference in a file; kind is "token", "bare" or "link"."""
        markdown = name.endswith(".md")
        fence = None
        for number, line in enumerate(text.splitlines(), start=1):
            spans = []
            if markdown:
                opening = FENCE.match(line)
                if opening:
                    marker = opening.group(1)
                    fence = marker[0] * 3 if fence is None else (None if marker.startswith(fence) else fence)
                elif fence is None:
                    for match in MD_LINK.finditer(line):
                        spans.append(match.span())
                        yield number, match.group(1), "link"
                    definition = MD_DEFINITION.match(line)
                    if definition:
                        spans.append(definition.span())
                        yield number, definition.group(1), "link"
            for pattern, kind in ((self.token, "token"), (BARE_MD_ANCHOR, "bare")):
                for match in pattern.finditer(line):
                    if any(start <= match.start() < end for start, end in spans):
                        continue
                    spans.append(match.span())
                    reference = clean(match.group(1))
                    yield number, reference, kind

    def resolve(self, name, number, reference, kind, candidates):
        """Anchors are checked here; paths are queued for one batched ignore check."""
        path, _, anchor = reference.partition("#")
        here = PurePosixPath(name).parent
        if kind == "link":
            if not reference or SCHEME.match(reference) or reference.startswith("/"):
                return
            path = unquote(path.split("?", 1)[0])
            bases = [here]
        elif kind == "bare":
            bases = [*ancestors(here), PurePosixPath("docs")]
        elif path.startswith("../"):
            bases = ancestors(here)
        else:
            bases = [PurePosixPath(".")]

        if not path:  # `#anchor` in the same file
            yield from self.check_anchor(name, number, reference, name, anchor)
            return
        for expanded in expand_braces(path):
            options = [normalise(base / expanded) for base in bases]
            options = [option for option in options if option is not None]
            if not options:
                yield Finding(name, number, reference, "points outside the repository")
                continue
            if DECISION_NUMBER.match(expanded):
                options = [f"{option}-*.md" for option in options]
            existing = [option for option in options if self.repo.exists(option)]
            if existing:
                if anchor and existing[0].endswith(".md") and not PLACEHOLDER.search(anchor):
                    if not any(anchor in self.repo.anchors(option) for option in existing if option.endswith(".md")):
                        yield from self.check_anchor(name, number, reference, existing[0], anchor)
                continue
            shown = reference if expanded == path else expanded
            candidates.append((name, number, shown, options))

    def check_anchor(self, name, number, reference, target, anchor):
        if not target.endswith(".md") or PLACEHOLDER.search(anchor):
            return
        if anchor not in self.repo.anchors(target):
            yield Finding(name, number, reference, f"{target} has no heading with anchor #{anchor}")

    def exists(self, name, number, reference, options):
        if any(PLACEHOLDER.search(option) for option in options):
            if not any(self.repo.matching(option) for option in options):
                yield Finding(name, number, reference, "no repository path matches this pattern")
            return
        yield Finding(name, number, reference, "no such file or folder")


def ancestors(folder: PurePosixPath) -> list[PurePosixPath]:
    chain = [folder]
    while str(folder) != ".":
        folder = folder.parent
        chain.append(folder)
    return chain


def normalise(path: PurePosixPath) -> str | None:
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("only", nargs="*", help="read only these files or the files under these folders")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    args = parser.parse_args(argv)

    repo = Repository(args.root.resolve())
    files = [name for name in repo.files if worded(name)]
    if args.only:
        prefixes = [only.rstrip("/") for only in args.only]
        files = [name for name in files if any(name == p or name.startswith(p + "/") for p in prefixes)]
    findings = Checker(repo).check(files)
    for finding in findings:
        print(finding)
    if findings:
        print(f"{len(findings)} broken reference(s) in {len(files)} files read", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
