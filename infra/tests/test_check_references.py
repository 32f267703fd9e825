"""The reference checker (infra/scripts/check_references.py) on a small repository of its own: it reports exactly
the paths and anchors that point nowhere and the tracker items named, and nothing that exists, is a pattern that
matches, is a build output, or is a tracker item linked where it is named."""

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SCRIPTS

import check_references

# A tracker item as the checker must catch it, built here so this file names none itself.
ISSUE = "Issue"

TREE = {
    ".gitignore": "build/\nnode_modules/\n",
    "docs/guide.md": """# Guide

## Getting started

## Notes

## Notes

## `make test` & friends: the *whole* list

<a id="kept-for-old-links"></a>

```sh
## not a heading inside a fence
```
""",
    "docs/decisions/0001-one-store.md": "# 1. One store\n",
    "docs/other.md": """# Other

See [the guide](guide.md#getting-started), [the second notes](guide.md#notes-1),
[the friends](guide.md#make-test--friends-the-whole-list) and [old](guide.md#kept-for-old-links).
A bare guide.md#notes is found from here; guide.md#nope is not a heading.
[Up](../README.md) and [here](#other), [a page](/lms), [a site](https://example.com/docs/none.md).

```md
[in a fence](missing-in-fence.md)
```
""",
    "README.md": """# Project

[Guide](docs/guide.md) · [gone](docs/gone.md) · [no heading](docs/guide.md#nowhere)
The first decision: docs/decisions/0001; the ninth: docs/decisions/0009.
Every event: `infra/events/<name>.json`; hooks: `infra/hooks/*.sh`.
Read functions/{a.rs,b.rs} and functions/core/src/….
""",
    "infra/events/a.json": "{}",
    "infra/check.py": '''# Reads docs/guide.md#notes and infra/gone.py, writes site/build/client (an output).
ROOT = "../functions/a.rs"
MISSING = "../functions/zzz.rs"
''',
    "functions/a.rs": "// Follows docs/guide.md#getting-started.\n",
    "functions/core/src/lib.rs": "// docs/guide.md#<section> is a placeholder, not checked.\n",
    "site/app.ts": "// The Makefile, template.yaml and docs/ exist; site/ too.\n"
    f"// {ISSUE} 20 asked; see {ISSUE.lower()}s #7. A t{ISSUE.lower()} 3 is not one.\n",
    # Tracker items in every text file, in any case and spelling; one linked where it is named can be opened.
    "site/app.css": f"/* {ISSUE.upper()} 5: the header's height */\n",
    ".ci/notes.txt": f"{ISSUE.lower()}#15, then {ISSUE.lower()}s 16 and 17.\n",
    "docs/upstream.md": f"""# Upstream

hls.js {ISSUE.lower()} 12 (https://github.com/video-dev/hls.js/issues/12).
Fixed by {ISSUE} #13: https://github.com/o/r/pull/13; a link alone: https://github.com/o/r/issues/14.
{ISSUE} #14 is not https://github.com/o/r/issues/12.
""",
    # Lockfiles quote others' words; this checker's tests are read for tracker items, not for paths.
    "site/package-lock.json": f'{{"note": "docs/lockfiles-are-not-read.md", "why": "{ISSUE} 9"}}',
    "infra/tests/test_check_references.py": f'GONE = "docs/gone-too.md"  # {ISSUE} 8\n',
}

BROKEN = {
    ("README.md", 3, "docs/gone.md", "no such file or folder"),
    ("README.md", 3, "docs/guide.md#nowhere", "docs/guide.md has no heading with anchor #nowhere"),
    ("README.md", 4, "docs/decisions/0009", "no repository path matches this pattern"),
    ("README.md", 5, "infra/hooks/*.sh", "no repository path matches this pattern"),
    ("README.md", 6, "functions/b.rs", "no such file or folder"),
    ("docs/other.md", 5, "guide.md#nope", "docs/guide.md has no heading with anchor #nope"),
    ("infra/check.py", 1, "infra/gone.py", "no such file or folder"),
    ("infra/check.py", 3, "../functions/zzz.rs", "no such file or folder"),
    ("site/app.ts", 2, f"{ISSUE} 20", check_references.TRACKER_REASON),
    ("site/app.ts", 2, f"{ISSUE.lower()}s #7", check_references.TRACKER_REASON),
    ("site/app.css", 1, f"{ISSUE.upper()} 5", check_references.TRACKER_REASON),
    (".ci/notes.txt", 1, f"{ISSUE.lower()}#15", check_references.TRACKER_REASON),
    (".ci/notes.txt", 1, f"{ISSUE.lower()}s 16", check_references.TRACKER_REASON),
    ("docs/upstream.md", 5, f"{ISSUE} #14", check_references.TRACKER_REASON),
    ("infra/tests/test_check_references.py", 1, f"{ISSUE} 8", check_references.TRACKER_REASON),
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    for name, text in TREE.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (tmp_path / "Makefile").write_text("test:\n\ttrue\n")
    (tmp_path / "template.yaml").write_text("Resources: {}\n")
    (tmp_path / "site/logo.webp").write_bytes(b"RIFF\0\0\0\0WEBP" + f"{ISSUE} 30".encode())  # binary: not read
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run(["git", "add", "-A"], cwd=tmp_path, check=True)
    return tmp_path


def findings(root: Path, *only: str) -> set[tuple]:
    repo = check_references.Repository(root)
    files = [name for name in repo.files if check_references.worded(name)]
    if only:
        files = [name for name in files if name in only]
    return {(f.file, f.line, f.reference, f.reason) for f in check_references.Checker(repo).check(files)}


def test_reports_exactly_the_paths_and_anchors_that_point_nowhere(repo):
    assert findings(repo) == BROKEN


def test_a_new_file_not_yet_added_is_read_and_counts_as_existing(repo):
    (repo / "docs/new.md").write_text("# New\n\nSee [the guide](guide.md#no-such-part) and ../README.md.\n")
    (repo / "infra/uses-new.py").write_text("# docs/new.md#new\n")
    assert findings(repo, "docs/new.md", "infra/uses-new.py") == {
        ("docs/new.md", 3, "guide.md#no-such-part", "docs/guide.md has no heading with anchor #no-such-part"),
    }


def test_fixing_the_references_clears_the_findings(repo):
    readme = (repo / "README.md").read_text()
    readme = readme.replace("docs/gone.md", "docs/other.md").replace("#nowhere", "#notes")
    readme = readme.replace("0009", "0001").replace("hooks/*.sh", "events/*.json").replace("b.rs", "core")
    (repo / "README.md").write_text(readme)
    (repo / "docs/other.md").write_text((repo / "docs/other.md").read_text().replace("#nope", "#guide"))
    (repo / "infra/gone.py").write_text("")
    (repo / "functions/zzz.rs").write_text("")
    (repo / "site/app.ts").write_text("// The Makefile exists.\n")
    (repo / "site/app.css").write_text("/* The header's height */\n")
    (repo / ".ci/notes.txt").write_text("The header's height, then the footer's.\n")
    (repo / "docs/upstream.md").write_text("# Upstream\n")
    (repo / "infra/tests/test_check_references.py").write_text('GONE = "docs/gone-too.md"\n')
    assert findings(repo) == set()


def test_command_prints_file_line_reference_reason_and_exits_1(repo):
    run = subprocess.run(
        [sys.executable, str(SCRIPTS / "check_references.py"), "--root", str(repo)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1
    lines = run.stdout.splitlines()
    assert "README.md:3: docs/gone.md (no such file or folder)" in lines
    assert "infra/check.py:3: ../functions/zzz.rs (no such file or folder)" in lines
    assert f"site/app.css:1: {ISSUE.upper()} 5 ({check_references.TRACKER_REASON})" in lines
    assert lines[-1] == f"{len(BROKEN)} broken reference(s) in 17 files read"


def test_command_reads_only_the_named_files_and_passes_when_they_are_clean(repo):
    run = subprocess.run(
        [sys.executable, str(SCRIPTS / "check_references.py"), "--root", str(repo), "functions/", "docs/guide.md"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (run.returncode, run.stdout) == (0, "")


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("Getting started", "getting-started"),
        ("What it is", "what-it-is"),
        ("API", "api"),
        ("`make test` & friends: the *whole* list", "make-test--friends-the-whole-list"),
        ("Sign-in on the API (decision 0024)", "sign-in-on-the-api-decision-0024"),
        ("snake_case stays", "snake_case-stays"),
        ("[Linked](https://example.com) text", "linked-text"),
        ("Café · prices", "café--prices"),
    ],
)
def test_anchors_follow_githubs_rule(heading, anchor):
    assert check_references.slug(heading) == anchor
