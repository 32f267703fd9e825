//! A file's type, decided by its content (its first bytes, read back from storage once the upload
//! completed), never by its name or the type the browser declared. Allowed: PDF, PNG, JPEG, GIF,
//! WebP, ZIP (by their signatures, `infer`), and plain text or source code (valid UTF-8 with no
//! HTML markup in it). An executable, HTML or anything else is refused.

/// How many leading bytes are read to decide.
pub const SNIFF_BYTES: usize = 64 * 1024;

/// The binary types allowed, as `infer` names them.
const BINARY: [&str; 6] = ["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp", "application/zip"];

/// HTML's telltales, looked for case-insensitively in text.
const MARKUP: [&str; 12] = [
    "<!doctype",
    "<html",
    "<head",
    "<body",
    "<script",
    "<iframe",
    "<svg",
    "<meta",
    "<object",
    "<embed",
    "<?xml",
    "<style",
];

/// The type of a file starting with `head` (`whole`: `head` is all of it), or why it is refused.
pub fn sniff(head: &[u8], whole: bool) -> Result<&'static str, String> {
    if head.is_empty() {
        return Err("The file is empty.".into());
    }
    if let Some(kind) = infer::get(head) {
        let mime = kind.mime_type();
        if let Some(allowed) = BINARY.iter().find(|t| **t == mime) {
            return Ok(allowed);
        }
        if kind.matcher_type() != infer::MatcherType::Text {
            return Err(format!("This kind of file ({mime}) is not accepted: send a PDF, an image, a ZIP or text."));
        }
    }
    text(head, whole)
}

/// Text: valid UTF-8 (a cut character at the end of a partial read is fine), no NUL, no HTML.
fn text(head: &[u8], whole: bool) -> Result<&'static str, String> {
    let checked = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(e) if !whole && e.error_len().is_none() => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or(""),
        Err(_) => return Err("This file is neither text nor a PDF, an image or a ZIP.".into()),
    };
    if checked.contains('\0') {
        return Err("This file is neither text nor a PDF, an image or a ZIP.".into());
    }
    let lower = checked.to_ascii_lowercase();
    if MARKUP.iter().any(|tag| lower.contains(tag)) {
        return Err("HTML is not accepted: send it as a ZIP, or as a link to where it is published.".into());
    }
    Ok("text/plain; charset=utf-8")
}

#[cfg(test)]
mod tests {
    use super::sniff;

    #[test]
    fn by_content_not_by_name() {
        assert_eq!(sniff(b"%PDF-1.7\n%\xe2\xe3", false), Ok("application/pdf"));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", false), Ok("image/png"));
        assert_eq!(sniff(b"PK\x03\x04\x14\0\0\0", false), Ok("application/zip"));
        assert_eq!(sniff(b"fn main() {\n    println!(\"hi\");\n}\n", true), Ok("text/plain; charset=utf-8"));
        assert!(sniff(b"<!DOCTYPE html><html><body>hi</body></html>", true).is_err(), "HTML named .pdf or not");
        assert!(sniff(b"<script>alert(1)</script>", true).is_err());
        assert!(sniff(b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff", false).is_err(), "a Windows executable");
        assert!(sniff(b"\x7fELF\x02\x01\x01\0", false).is_err(), "an ELF executable");
        assert!(sniff(b"\xff\xfe\0\x01binary", true).is_err());
        assert!(sniff(b"", true).is_err());
        // A multi-byte character cut at the end of a partial read is still text.
        assert_eq!(sniff("caf\u{e9}".as_bytes().split_last().unwrap().1, false), Ok("text/plain; charset=utf-8"));
    }
}
