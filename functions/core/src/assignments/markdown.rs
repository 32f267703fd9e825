//! Markdown to safe HTML: CommonMark (with tables and strikethrough) by `pulldown-cmark`, with
//! every piece of raw HTML in the source shown as text, never passed through; links only to
//! `http`, `https` and `mailto` (anything else, `javascript:` included, becomes plain text), each
//! opened with `rel="noopener nofollow"`; images shown as links to them, so a review never loads
//! a third party's pixel. What comes out has only the tags the renderer writes itself.

use pulldown_cmark::{html, CowStr, Event, LinkType, Options, Parser, Tag, TagEnd};

/// Whether a link target may be followed.
fn safe_target(url: &str) -> bool {
    let lower = url.trim().to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("mailto:")
}

fn open_link(url: &str, title: &str) -> String {
    let attribute = |s: &str| html_escape::encode_double_quoted_attribute(s).into_owned();
    let mut out = format!("<a href=\"{}\"", attribute(url.trim()));
    if !title.is_empty() {
        out.push_str(&format!(" title=\"{}\"", attribute(title)));
    }
    out.push_str(" rel=\"noopener nofollow\">");
    out
}

/// `source` (Markdown) as HTML that is safe to put in a page.
pub fn to_html(source: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    // Each link's opening decides its closing: a link kept closes with `</a>`, a dropped one with nothing.
    let mut open: Vec<bool> = Vec::new();
    let events = Parser::new_ext(source, options).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::Start(Tag::Link { link_type, dest_url, title, .. }) => {
            let url: CowStr = if link_type == LinkType::Email && !dest_url.starts_with("mailto:") {
                format!("mailto:{dest_url}").into()
            } else {
                dest_url
            };
            let keep = safe_target(&url);
            open.push(keep);
            if keep {
                Event::Html(open_link(&url, &title).into())
            } else {
                Event::Text("".into())
            }
        }
        Event::End(TagEnd::Link) => {
            if open.pop().unwrap_or(false) {
                Event::Html("</a>".into())
            } else {
                Event::Text("".into())
            }
        }
        Event::Start(Tag::Image { dest_url, title, .. }) => {
            let keep = safe_target(&dest_url);
            open.push(keep);
            if keep {
                Event::Html(open_link(&dest_url, &title).into())
            } else {
                Event::Text("".into())
            }
        }
        Event::End(TagEnd::Image) => {
            if open.pop().unwrap_or(false) {
                Event::Html("</a>".into())
            } else {
                Event::Text("".into())
            }
        }
        other => other,
    });
    let mut out = String::with_capacity(source.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::to_html;

    #[test]
    fn raw_html_is_text() {
        let html = to_html("Hi <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
    }

    #[test]
    fn links_are_safe_and_marked() {
        let html = to_html("[repo](https://github.com/a/b \"the repo\") and [x](javascript:alert(1)) <https://e.test>");
        assert!(
            html.contains("<a href=\"https://github.com/a/b\" title=\"the repo\" rel=\"noopener nofollow\">repo</a>"),
            "{html}"
        );
        assert!(!html.contains("javascript"), "{html}");
        assert!(html.contains("<a href=\"https://e.test\" rel=\"noopener nofollow\">"), "{html}");
        let image = to_html("![pixel](https://t.test/p.gif)");
        assert!(!image.contains("<img"), "{image}");
        assert!(image.contains("rel=\"noopener nofollow\""), "{image}");
    }

    #[test]
    fn markdown_renders() {
        let html = to_html("# Week 3\n\n- **arrays**\n- `map`\n\n```js\nx < y\n```");
        assert!(html.contains("<h1>Week 3</h1>") && html.contains("<strong>arrays</strong>"), "{html}");
        assert!(html.contains("x &lt; y"), "{html}");
    }
}
