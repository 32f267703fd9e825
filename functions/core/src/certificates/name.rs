//! The name printed on a certificate: Latin letters (accented ones too), spaces, hyphens,
//! apostrophes and periods, 2 to 80 characters, starting with a letter. Spaces around it are
//! trimmed and runs of spaces inside it made one, so "  Zoë   O'Brien " prints as "Zoë O'Brien".
//! Every letter allowed is one the certificate's font draws (tested in `pdf`).

pub const MIN_CHARS: usize = 2;
pub const MAX_CHARS: usize = 80;

/// The rule as a message (a 400 says it).
pub const RULE: &str =
    "The name must be 2 to 80 characters: letters, spaces, hyphens, apostrophes and periods, starting with a letter.";

/// Latin letters: Basic Latin, Latin-1 Supplement (not × or ÷), Latin Extended-A and -B, and
/// Latin Extended Additional.
pub fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic()
        || matches!(c, '\u{c0}'..='\u{d6}' | '\u{d8}'..='\u{f6}' | '\u{f8}'..='\u{24f}' | '\u{1e00}'..='\u{1efb}')
}

/// Combining accents (a name typed as a letter and its accent).
fn is_accent(c: char) -> bool {
    matches!(c, '\u{300}'..='\u{33f}')
}

fn is_punctuation(c: char) -> bool {
    matches!(c, '-' | '\'' | '\u{2019}' | '.')
}

/// The name as printed, or `RULE`'s refusal.
pub fn checked(name: &str) -> Result<String, &'static str> {
    let tidy = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut chars = tidy.chars();
    let first_is_letter = chars.next().is_some_and(is_letter);
    let rest_allowed = chars.all(|c| is_letter(c) || is_accent(c) || is_punctuation(c) || c == ' ');
    let count = tidy.chars().count();
    if first_is_letter && rest_allowed && (MIN_CHARS..=MAX_CHARS).contains(&count) {
        Ok(tidy)
    } else {
        Err(RULE)
    }
}

/// The rule as a regular expression, for the contract (with 2 to 80 characters): a name as it
/// would be printed, so every name the contract allows is accepted as it is.
pub fn pattern() -> String {
    let letters = "A-Za-z\u{c0}-\u{d6}\u{d8}-\u{f6}\u{f8}-\u{24f}\u{1e00}-\u{1efb}";
    let others = format!("{letters}\u{300}-\u{33f}'\u{2019}.\\-");
    format!("^[{letters}][{others} ]*[{others}]$")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_tidied_and_checked() {
        assert_eq!(checked("  Zoë   O'Brien "), Ok("Zoë O'Brien".into()));
        assert_eq!(checked("Ayesha Khan-Niazi"), Ok("Ayesha Khan-Niazi".into()));
        assert_eq!(checked("J. R. R. Tolkien"), Ok("J. R. R. Tolkien".into()));
        assert_eq!(checked("Łukasz Żółć"), Ok("Łukasz Żółć".into()));
        assert_eq!(checked("Nguyễn Thị Minh"), Ok("Nguyễn Thị Minh".into()));
        assert_eq!(checked("D\u{2019}Souza"), Ok("D\u{2019}Souza".into()));
        assert_eq!(checked("Noe\u{308}l"), Ok("Noe\u{308}l".into()), "an accent typed apart");
        assert!(checked(&"a".repeat(80)).is_ok());
        for bad in
            ["", " ", "A", " A ", "'Ali", "-Ali", "Ali3", "Ali@x", "Ali_Khan", "Ali\u{d7}", "Иван", "李雷", "<b>"]
        {
            assert!(checked(bad).is_err(), "{bad:?}");
        }
        assert!(checked(&"a".repeat(81)).is_err());
    }

    #[test]
    fn the_contracts_pattern_says_what_the_server_accepts() {
        let pattern = regex::Regex::new(&pattern()).unwrap();
        let samples = [
            "Zoë O'Brien",
            "Al",
            "Noe\u{308}l",
            "D\u{2019}Souza",
            "Nguyễn Thị",
            "A.",
            "A ",
            " A",
            "A  B",
            "'A",
            "A3",
            "A\u{d7}",
            "Иван",
            "Ab-",
        ];
        for sample in samples {
            let by_pattern = pattern.is_match(sample) && (MIN_CHARS..=MAX_CHARS).contains(&sample.chars().count());
            // Whatever the contract allows, the server takes as it is.
            if by_pattern {
                assert_eq!(
                    checked(sample).as_deref(),
                    Ok(sample.split_whitespace().collect::<Vec<_>>().join(" ").as_str())
                );
            }
            // What the server takes, tidied, is what the contract allows.
            if let Ok(tidy) = checked(sample) {
                assert!(pattern.is_match(&tidy), "{tidy:?}");
            }
        }
    }
}
