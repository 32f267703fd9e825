//! Spreadsheets: the CSV files staff export (enquiries, a batch's report) and the roster they
//! paste to enrol a class (`name,email` per line). Written and read by the `csv` crate; a cell
//! that a spreadsheet would run as a formula is made inert, whatever separator the spreadsheet
//! splits the file on (`,`, or `;` and tab in many locales).

use crate::http::error::ApiError;
use lambda_http::{Body, Response};

/// A cell starting with one of these is a formula to Excel, LibreOffice or Sheets (a tab or a
/// carriage return too, which some of them skip before looking).
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Where a spreadsheet may start a new cell inside a field: it splits a file on `;` or a tab in
/// many locales (quotes or not), on `,` when it ignores quotes, and a line break starts a row.
const CELL_BREAKS: [char; 5] = [';', ',', '\t', '\n', '\r'];

/// The cell as text a spreadsheet shows as written: a `'` before a formula's first character, at
/// the start of the cell and after every place a spreadsheet may split it into another cell (spaces
/// there skipped, as a spreadsheet trimming them would).
pub fn inert(cell: &str) -> String {
    let mut shown = String::with_capacity(cell.len() + 1);
    let mut cell_starts = true;
    for c in cell.chars() {
        if cell_starts && FORMULA_STARTS.contains(&c) {
            shown.push('\'');
        }
        shown.push(c);
        cell_starts = CELL_BREAKS.contains(&c) || (cell_starts && c == ' ');
    }
    shown
}

/// A CSV document of `header` and `rows`, every cell made inert and every text cell quoted (a
/// separator inside one stays inside it), as a download named `file_name`.
pub fn download<R>(file_name: &str, header: &[&str], rows: R) -> Result<Response<Body>, ApiError>
where
    R: IntoIterator<Item = Vec<String>>,
{
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .quote_style(csv::QuoteStyle::NonNumeric)
        .from_writer(Vec::new());
    let failed = |e: csv::Error| {
        tracing::error!(error = %e, "could not write a spreadsheet");
        ApiError::Unavailable
    };
    writer.write_record(header).map_err(failed)?;
    for row in rows {
        writer.write_record(row.iter().map(|cell| inert(cell))).map_err(failed)?;
    }
    let bytes = writer.into_inner().map_err(|e| failed(e.into_error().into()))?;
    Ok(Response::builder()
        .status(200)
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", format!("attachment; filename=\"{file_name}\""))
        .header("cache-control", "no-store")
        .body(Body::Text(String::from_utf8_lossy(&bytes).into_owned()))
        .expect("static response parts are valid"))
}

/// One line of a pasted roster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterLine {
    /// The line's number in the paste, from 1.
    pub line: usize,
    pub name: String,
    pub email: String,
    /// Why the line cannot be read as `name,email`, if it cannot.
    pub problem: Option<String>,
}

/// The most lines one paste may hold.
pub const MAX_ROSTER_LINES: usize = 1_000;

/// A pasted roster's lines: `name,email` each (quoted as spreadsheets quote), a UTF-8 BOM and a
/// `name,email` header line ignored, blank lines skipped. Lines past `MAX_ROSTER_LINES` are
/// answered with that problem, not enrolled.
pub fn roster(text: &str) -> Vec<RosterLine> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let mut lines = Vec::new();
    // The line a record starts on, from its byte offset: the reader may place a record at the
    // line ending that precedes it (a CRLF's LF), so line endings at the offset are stepped over.
    let line_at = |byte: u64| {
        let bytes = text.as_bytes();
        let mut at = (byte as usize).min(bytes.len());
        while at < bytes.len() && matches!(bytes[at], b'\r' | b'\n') {
            at += 1;
        }
        bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1
    };
    for record in reader.records() {
        let (line, cells) = match record {
            Ok(record) => {
                let line = record.position().map_or(lines.len() + 1, |p| line_at(p.byte()));
                (line, record.iter().map(|c| c.trim().to_owned()).collect::<Vec<_>>())
            }
            Err(e) => {
                let line = e.position().map_or(lines.len() + 1, |p| line_at(p.byte()));
                lines.push(RosterLine {
                    line,
                    name: String::new(),
                    email: String::new(),
                    problem: Some("This line is not valid CSV.".into()),
                });
                continue;
            }
        };
        if cells.iter().all(String::is_empty) {
            continue;
        }
        let header = lines.is_empty()
            && cells.len() == 2
            && cells[0].eq_ignore_ascii_case("name")
            && cells[1].eq_ignore_ascii_case("email");
        if header {
            continue;
        }
        let problem = if lines.len() >= MAX_ROSTER_LINES {
            Some(format!("Only {MAX_ROSTER_LINES} lines are enrolled at once: send this line again."))
        } else if cells.len() != 2 {
            Some(format!("Expected 2 columns (name,email), found {}.", cells.len()))
        } else {
            None
        };
        let mut cells = cells.into_iter();
        let (name, email) = (cells.next().unwrap_or_default(), cells.next().unwrap_or_default());
        lines.push(RosterLine { line, name, email, problem });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_made_inert_and_nothing_else_changes() {
        for (cell, shown) in [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
            ("+92 300", "'+92 300"),
            ("-1", "'-1"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("Ayesha", "Ayesha"),
            ("a=b", "a=b"),
            ("", ""),
            ("Thanks;=1+1;", "Thanks;'=1+1;"),
            ("a,+1\tb\t-2\n@x\r\n=y", "a,'+1\tb\t'-2\n'@x\r\n'=y"),
            ("Thanks;;=HYPERLINK(\"http://x\");", "Thanks;;'=HYPERLINK(\"http://x\");"),
            ("\t=1", "'\t'=1"),
            ("a; b=1", "a; b=1"),
            ("a;  =1", "a;  '=1"),
            (" -2", " '-2"),
            ("a - b", "a - b"),
        ] {
            assert_eq!(inert(cell), shown, "{cell:?}");
        }
    }

    /// Every cell of `csv` as a spreadsheet splitting it on `delimiter` reads it, honouring quotes
    /// or not.
    fn cells_split_on(csv: &str, delimiter: u8, quoting: bool) -> Vec<String> {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .delimiter(delimiter)
            .quoting(quoting)
            .from_reader(csv.as_bytes());
        reader.records().flat_map(|r| r.unwrap().iter().map(str::to_owned).collect::<Vec<_>>()).collect()
    }

    #[test]
    fn an_export_opened_with_semicolons_or_tabs_as_separators_has_no_formula_cell() {
        // GIVEN cells that hide a formula behind a separator of some locale
        let hostile = [
            "Thanks;=1+1;",
            "Thanks;=HYPERLINK(\"http://evil.example\",\"x\");",
            "a\t=1+1",
            "a,@SUM(A1)",
            "line\n-2+3",
            "line\r\n+2",
            "a;\"=1\"",
            "=1",
            "7",
            "@",
        ];
        let rows = hostile.chunks(2).map(|pair| pair.iter().map(|c| (*c).to_owned()).collect::<Vec<_>>());
        let rows = rows.chain([vec!["x; =1".to_owned(), String::new()]]);
        // WHEN exported
        let answer = download("t.csv", &["a", "b"], rows).unwrap();
        let Body::Text(text) = answer.body() else { panic!("a text body") };
        // THEN every text cell is quoted, and no cell starts a formula however the file is split
        assert!(text.contains("\"Thanks;'=1+1;\""), "{text}");
        for delimiter in [b',', b';', b'\t'] {
            for quoting in [true, false] {
                let cells = cells_split_on(text, delimiter, quoting);
                assert!(cells.len() > 2, "{cells:?}");
                for cell in cells {
                    // What a spreadsheet looks at: past the spaces, tabs and line breaks some of them skip.
                    let lead = cell.trim_start_matches([' ', '\t', '\r', '\n']);
                    assert!(
                        !lead.starts_with(['=', '+', '-', '@']),
                        "split on {:?} (quotes {quoting}): {cell:?} would run",
                        delimiter as char
                    );
                }
            }
        }
    }

    #[test]
    fn a_roster_reads_quotes_commas_a_bom_and_a_header() {
        let text = "\u{feff}Name,Email\r\n\"Khan, Ayesha\",ayesha@example.com\n\n\"Bilal \"\"B\"\" Ahmed\" , bilal@example.com\nonly-one-column\na,b,c\n";
        let lines = roster(text);
        let read: Vec<(usize, &str, &str, bool)> =
            lines.iter().map(|l| (l.line, l.name.as_str(), l.email.as_str(), l.problem.is_some())).collect();
        assert_eq!(
            read,
            [
                (2, "Khan, Ayesha", "ayesha@example.com", false),
                (4, "Bilal \"B\" Ahmed", "bilal@example.com", false),
                (5, "only-one-column", "", true),
                (6, "a", "b", true),
            ]
        );
    }

    #[test]
    fn a_roster_enrols_at_most_a_thousand_lines() {
        let text: String = (0..=MAX_ROSTER_LINES).map(|i| format!("S{i},s{i}@example.com\n")).collect();
        let lines = roster(&text);
        assert_eq!(lines.len(), MAX_ROSTER_LINES + 1);
        assert!(lines[..MAX_ROSTER_LINES].iter().all(|l| l.problem.is_none()));
        assert!(lines[MAX_ROSTER_LINES].problem.as_deref().is_some_and(|p| p.contains("1000 lines")));
    }
}
