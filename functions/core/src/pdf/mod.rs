//! The PDF kit: what the product's printed documents (a certificate, a payment's receipt) share.
//! Drawn with krilla in DejaVu Serif (bundled in `fonts/` with its licence), embedded as subsets of
//! the glyphs used, with their Unicode mapping, so any Latin name prints and its text can be
//! copied or searched (docs/decisions/0033-certificates-pdf-and-qr.md): the two faces, text set
//! in them (measured by krilla's own shaper, rustybuzz), the brand's colours and the institute's
//! mark. Each document lays out its own page.

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

/// The institute, as its documents name it.
pub const INSTITUTE: &str = "Skyline Tech Academy";

const REGULAR: &[u8] = include_bytes!("fonts/DejaVuSerif.ttf");
const BOLD: &[u8] = include_bytes!("fonts/DejaVuSerif-Bold.ttf");

/// A colour, as red, green and blue.
pub type Rgb = (u8, u8, u8);

/// The site's brand blue and its light tint (the favicon's), the ink and the muted grey.
pub const BLUE: Rgb = (0x1d, 0x4e, 0xd8);
pub const TINT: Rgb = (0xbf, 0xdb, 0xfe);
pub const INK: Rgb = (0x11, 0x18, 0x27);
pub const MUTED: Rgb = (0x4b, 0x55, 0x63);

pub fn fill(color: Rgb) -> Fill {
    Fill { paint: rgb::Color::new(color.0, color.1, color.2).into(), ..Fill::default() }
}

pub fn stroke(color: Rgb, width: f32) -> Stroke {
    Stroke { paint: rgb::Color::new(color.0, color.1, color.2).into(), width, ..Stroke::default() }
}

/// One of the two bundled faces: krilla's font and its bytes (to measure text with).
pub struct Face {
    font: Font,
    data: &'static [u8],
}

impl Face {
    fn load(data: &'static [u8]) -> Result<Self, String> {
        let font = Font::new(data.into(), 0).ok_or("a bundled font could not be read")?;
        Ok(Self { font, data })
    }

    /// DejaVu Serif and DejaVu Serif Bold.
    pub fn both() -> Result<(Self, Self), String> {
        Ok((Self::load(REGULAR)?, Self::load(BOLD)?))
    }

    /// Whether the face has a glyph for `c`.
    pub fn draws(&self, c: char) -> bool {
        rustybuzz::Face::from_slice(self.data, 0).is_some_and(|face| face.glyph_index(c).is_some())
    }

    /// The width of `text` at `size`, as krilla's shaper (rustybuzz) sets it.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let Some(face) = rustybuzz::Face::from_slice(self.data, 0) else { return 0.0 };
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        let shaped = rustybuzz::shape(&face, &[], buffer);
        let units: i32 = shaped.glyph_positions().iter().map(|p| p.x_advance).sum();
        units as f32 / f32::from(face.units_per_em() as u16) * size
    }
}

/// How a line of text is set: its face, size and colour.
pub struct Line<'a>(pub &'a Face, pub f32, pub Rgb);

/// Where a line of text sits against its `x`.
#[derive(Clone, Copy)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// `text` with its baseline at `y`, placed against `x` by `align`, made smaller if it would be
/// wider than `max`.
pub fn text(
    surface: &mut Surface,
    Line(face, size, color): Line<'_>,
    align: Align,
    x: f32,
    y: f32,
    max: f32,
    text: &str,
) {
    let natural = face.width(text, size);
    let size = if natural > max { size * max / natural } else { size };
    let width = face.width(text, size);
    let left = match align {
        Align::Left => x,
        Align::Centre => x - width / 2.0,
        Align::Right => x - width,
    };
    surface.set_fill(Some(fill(color)));
    surface.draw_text(Point::from_xy(left, y), face.font.clone(), size, text, false, TextDirection::Auto);
}

/// `text` centred on `x` with its baseline at `y`, made smaller if it would be wider than `max`.
pub fn centred(surface: &mut Surface, line: Line<'_>, x: f32, y: f32, max: f32, words: &str) {
    text(surface, line, Align::Centre, x, y, max, words);
}

/// A filled rectangle.
pub fn rule(surface: &mut Surface, x: f32, y: f32, width: f32, height: f32, color: Rgb) {
    let Some(rect) = Rect::from_xywh(x, y, width, height) else { return };
    let mut path = PathBuilder::new();
    path.push_rect(rect);
    if let Some(path) = path.finish() {
        surface.set_fill(Some(fill(color)));
        surface.draw_path(&path);
    }
}

/// `YYYY-MM-DD` as "26 November 2026" (as it is, if it is not such a date).
pub fn long_date(date: &str) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let parts: Vec<&str> = date.split('-').collect();
    let [year, month, day] = parts.as_slice() else { return date.to_owned() };
    let month = month.parse::<usize>().ok().filter(|m| (1..=12).contains(m));
    match (month, day.parse::<u32>()) {
        (Some(month), Ok(day)) => format!("{day} {} {year}", MONTHS[month - 1]),
        _ => date.to_owned(),
    }
}

/// The institute's mark (the site's favicon): a blue rounded square, three bars of a skyline and
/// their ground line, `size` points wide with its top left at (`x`, `y`).
pub fn mark(surface: &mut Surface, x: f32, y: f32, size: f32) {
    let s = size / 40.0;
    let (r, k) = (10.0 * s, 10.0 * s * 0.4477);
    let mut square = PathBuilder::new();
    square.move_to(x + r, y);
    square.line_to(x + size - r, y);
    square.cubic_to(x + size - k, y, x + size, y + k, x + size, y + r);
    square.line_to(x + size, y + size - r);
    square.cubic_to(x + size, y + size - k, x + size - k, y + size, x + size - r, y + size);
    square.line_to(x + r, y + size);
    square.cubic_to(x + k, y + size, x, y + size - k, x, y + size - r);
    square.line_to(x, y + r);
    square.cubic_to(x, y + k, x + k, y, x + r, y);
    square.close();
    if let Some(path) = square.finish() {
        surface.set_fill(Some(fill(BLUE)));
        surface.draw_path(&path);
    }
    let mut bars = PathBuilder::new();
    for (left, top) in [(11.0, 19.0), (18.0, 12.0), (25.0, 16.0)] {
        if let Some(bar) = Rect::from_xywh(x + left * s, y + top * s, 4.0 * s, (28.0 - top) * s) {
            bars.push_rect(bar);
        }
    }
    if let Some(ground) = Rect::from_xywh(x + 8.0 * s, y + 26.75 * s, 24.0 * s, 2.5 * s) {
        bars.push_rect(ground);
    }
    if let Some(path) = bars.finish() {
        surface.set_fill(Some(fill(TINT)));
        surface.draw_path(&path);
    }
}

/// A new document by the institute, in English, titled `title`.
pub fn document(title: String) -> krilla::Document {
    let mut document = krilla::Document::new();
    document.set_metadata(
        krilla::metadata::Metadata::new()
            .title(title)
            .authors(vec![INSTITUTE.to_owned()])
            .creator(INSTITUTE.to_owned())
            .language("en".to_owned()),
    );
    document
}

/// A PDF as a download named `file_name` (ASCII, no quotes), never cached.
pub fn answer(file_name: &str, pdf: Vec<u8>) -> Response<Body> {
    Response::builder()
        .status(StatusCode::OK)
        .header("content-type", "application/pdf")
        .header("content-disposition", format!("attachment; filename=\"{file_name}\""))
        .header("cache-control", "no-store")
        .body(Body::Binary(pdf))
        .expect("static response parts are valid")
}

#[cfg(test)]
mod tests {
    use super::long_date;

    #[test]
    fn dates_are_written_out() {
        assert_eq!(long_date("2026-11-26"), "26 November 2026");
        assert_eq!(long_date("2027-01-05"), "5 January 2027");
        assert_eq!(long_date("soon"), "soon");
    }
}
