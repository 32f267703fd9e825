//! The mail kit every feature's letters share. So far: how a letter greets its reader. (The
//! mailer, its SES and outbox backends, still live in `leads::mail`.)

/// The longest first name a letter repeats.
pub const GREETING_NAME_CHARS: usize = 40;

/// A first name as a letter's greeting may repeat it: only when it is plainly a name (letters, spaces, hyphens and apostrophes, at most `GREETING_NAME_CHARS`).
/// The acknowledgement goes to whatever address was typed, so anything else (a link, a sentence
/// with punctuation) is not repeated: the institute does not mail anyone's words to anyone.
pub fn greeting_name(first: &str) -> Option<String> {
    let name = first.split_whitespace().collect::<Vec<_>>().join(" ");
    let allowed = |c: char| c.is_alphabetic() || matches!(c, ' ' | '-' | '\'' | '\u{2019}');
    let plain = name.chars().count() <= GREETING_NAME_CHARS
        && name.chars().any(char::is_alphabetic)
        && name.chars().all(allowed);
    plain.then_some(name)
}

/// How a letter greets someone known by their full name: its first word when that is plainly a
/// name (`greeting_name`), else "there".
pub fn greeting_of(full_name: &str) -> String {
    greeting_name(full_name.split_whitespace().next().unwrap_or_default()).unwrap_or_else(|| "there".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_are_repeated() {
        assert_eq!(greeting_name("  Zoë   Ana  "), Some("Zoë Ana".into()));
        assert_eq!(greeting_name("محمد علی"), Some("محمد علی".into()));
        // anything longer, or with digits, punctuation or markup, is no name
        for not_a_name in ["a".repeat(41).as_str(), "Sana2", "Sana.", "<b>Sana</b>", "Sana\u{202E}", "-", "  "] {
            assert_eq!(greeting_name(not_a_name), None, "{not_a_name:?}");
        }
        assert_eq!(greeting_name(&"a".repeat(40)), Some("a".repeat(40)));
        assert_eq!(greeting_of("Zoë O'Neil"), "Zoë");
        assert_eq!(greeting_of("<b>Zoë</b> Ana"), "there");
        assert_eq!(greeting_of("   "), "there");
    }
}
