"""The decision notes (docs/decisions/) keep one shape: a numbered title, one Date · Status line, and a row in
docs/README.md that says the same; new ones start from the template."""

import re

import pytest

from conftest import ROOT

DECISIONS = ROOT / "docs" / "decisions"
NOTES = sorted(DECISIONS.glob("[0-9][0-9][0-9][0-9]-*.md"))
STATUS_LINE = re.compile(r"^Date: (\d{4}-\d{2}-\d{2}) · Status: (.+)$")


def status_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.search(r"\bStatus:", line)]


@pytest.mark.parametrize("note", NOTES, ids=lambda note: note.name)
def test_a_decision_has_its_number_as_title_and_one_status_line(note):
    text = note.read_text()
    number = int(note.name[:4])
    assert text.startswith(f"# {number}. "), "the title starts with the decision's number"
    lines = status_lines(text)
    assert len(lines) == 1, f"one Status line, found {lines}"
    assert STATUS_LINE.match(lines[0]), f"'Date: YYYY-MM-DD · Status: …', found {lines[0]!r}"


def test_the_decision_table_lists_every_note_with_its_date_and_status():
    table = (ROOT / "docs" / "README.md").read_text()
    for note in NOTES:
        date, status = STATUS_LINE.match(status_lines(note.read_text())[0]).groups()
        row = f"| [{note.name[:4]}](decisions/{note.name}) |"
        rows = [line for line in table.splitlines() if line.startswith(row)]
        assert len(rows) == 1, f"docs/README.md has a row for {note.name}"
        assert rows[0].endswith(f"| {date} · {status} |"), f"{note.name}: {date} · {status} in docs/README.md"


def test_the_template_has_context_decision_consequences_and_one_status_line():
    text = (DECISIONS / "TEMPLATE.md").read_text()
    assert len(status_lines(re.sub(r"<!--.*?-->", "", text, flags=re.S))) == 1
    for part in ("**Context.**", "**Decision.**", "**Consequences.**"):
        assert part in text


def test_the_decision_table_is_in_number_order_and_says_which_numbers_hold_no_note():
    text = (ROOT / "docs" / "README.md").read_text()
    lines = text.split("\n## Decisions\n", 1)[1].split("\n## ", 1)[0].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| # |"))
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    numbers = [int(m) for m in re.findall(r"^\| \[(\d{4})\]", "\n".join(lines[start:end]), flags=re.M)]
    assert numbers == sorted(numbers), "the rows are in number order"
    below = lines[end:]
    missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
    if missing:
        # A line right under a table is read as one more of its rows: a blank line ends the table.
        assert below and below[0] == "", "a blank line between the table and what is below it"
    for number in missing:
        assert f"{number:04d}" in "\n".join(below), f"{number:04d} is explained below the table"
