//! A certificate as a PDF: one A4 landscape page with the institute's name and mark, the holder,
//! the course and batch, the dates, the instructor, the id and a QR code of the verification URL.
//! Drawn with krilla in DejaVu Serif (bundled in `fonts/` with its licence), embedded as subsets of
//! the glyphs used, with their Unicode mapping, so any Latin name prints and its text can be
//! copied or searched (docs/decisions/0033-certificates-pdf-and-qr.md). About 30 KB.

use crate::domain::Certificate;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::Document;
use qrcode::{Color, EcLevel, QrCode};

/// The institute, as the certificate names it.
pub const INSTITUTE: &str = "Skyline Tech Academy";

const REGULAR: &[u8] = include_bytes!("fonts/DejaVuSerif.ttf");
const BOLD: &[u8] = include_bytes!("fonts/DejaVuSerif-Bold.ttf");

/// A4 landscape, in points.
const WIDTH: f32 = 841.89;
const HEIGHT: f32 = 595.28;
/// The widest a line of text may be (inside the border, with a margin).
const TEXT_WIDTH: f32 = 680.0;

/// The site's brand blue and its light tint (the favicon's).
const BLUE: (u8, u8, u8) = (0x1d, 0x4e, 0xd8);
const TINT: (u8, u8, u8) = (0xbf, 0xdb, 0xfe);
const INK: (u8, u8, u8) = (0x11, 0x18, 0x27);
const MUTED: (u8, u8, u8) = (0x4b, 0x55, 0x63);

fn fill(color: (u8, u8, u8)) -> Fill {
    Fill { paint: rgb::Color::new(color.0, color.1, color.2).into(), ..Fill::default() }
}

fn stroke(color: (u8, u8, u8), width: f32) -> Stroke {
    Stroke { paint: rgb::Color::new(color.0, color.1, color.2).into(), width, ..Stroke::default() }
}

/// One of the two bundled faces: krilla's font and its bytes (to measure text with).
struct Face {
    font: Font,
    data: &'static [u8],
}

impl Face {
    fn load(data: &'static [u8]) -> Result<Self, String> {
        let font = Font::new(data.into(), 0).ok_or("a bundled font could not be read")?;
        Ok(Self { font, data })
    }

    /// The width of `text` at `size`, as krilla's shaper (rustybuzz) sets it.
    fn width(&self, text: &str, size: f32) -> f32 {
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
struct Line<'a>(&'a Face, f32, (u8, u8, u8));

/// `text` centred on `x` with its baseline at `y`, made smaller if it would be wider than `max`.
fn centred(surface: &mut Surface, Line(face, size, color): Line<'_>, x: f32, y: f32, max: f32, text: &str) {
    let natural = face.width(text, size);
    let size = if natural > max { size * max / natural } else { size };
    let width = face.width(text, size);
    surface.set_fill(Some(fill(color)));
    surface.draw_text(Point::from_xy(x - width / 2.0, y), face.font.clone(), size, text, false, TextDirection::Auto);
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
fn mark(surface: &mut Surface, x: f32, y: f32, size: f32) {
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

/// A QR code of `text`, `size` points wide (its quiet zone included) with its top left at (`x`, `y`).
fn qr(surface: &mut Surface, x: f32, y: f32, size: f32, text: &str) -> Result<(), String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).map_err(|e| e.to_string())?;
    let modules = code.width();
    let colors = code.to_colors();
    let unit = size / (modules + 8) as f32;
    let mut dark = PathBuilder::new();
    for row in 0..modules {
        // Each run of dark modules in a row is one rectangle.
        let mut column = 0;
        while column < modules {
            if colors[row * modules + column] != Color::Dark {
                column += 1;
                continue;
            }
            let start = column;
            while column < modules && colors[row * modules + column] == Color::Dark {
                column += 1;
            }
            let left = x + (start + 4) as f32 * unit;
            let top = y + (row + 4) as f32 * unit;
            if let Some(run) = Rect::from_xywh(left, top, (column - start) as f32 * unit, unit) {
                dark.push_rect(run);
            }
        }
    }
    if let Some(path) = dark.finish() {
        surface.set_fill(Some(fill((0, 0, 0))));
        surface.draw_path(&path);
    }
    Ok(())
}

/// The border: a brand-blue frame and a thin tinted one inside it.
fn border(surface: &mut Surface) {
    surface.set_fill(None);
    for (inset, color, width) in [(22.0, BLUE, 3.0), (30.0, TINT, 1.0)] {
        if let Some(frame) = Rect::from_xywh(inset, inset, WIDTH - 2.0 * inset, HEIGHT - 2.0 * inset) {
            let mut path = PathBuilder::new();
            path.push_rect(frame);
            if let Some(path) = path.finish() {
                surface.set_stroke(Some(stroke(color, width)));
                surface.draw_path(&path);
            }
        }
    }
    surface.set_stroke(None);
}

/// The certificate's PDF, its QR code naming `verify_url`.
pub fn render(certificate: &Certificate, verify_url: &str) -> Result<Vec<u8>, String> {
    let (regular, bold) = (Face::load(REGULAR)?, Face::load(BOLD)?);
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(format!("Certificate of Completion: {}", certificate.name))
            .authors(vec![INSTITUTE.to_owned()])
            .creator(INSTITUTE.to_owned())
            .language("en".to_owned()),
    );
    let settings = PageSettings::from_wh(WIDTH, HEIGHT).ok_or("the page size is valid")?;
    let mut page = document.start_page_with(settings);
    let mut surface = page.surface();
    let middle = WIDTH / 2.0;
    border(&mut surface);
    mark(&mut surface, middle - 22.0, 56.0, 44.0);
    centred(&mut surface, Line(&bold, 14.0, BLUE), middle, 124.0, TEXT_WIDTH, &INSTITUTE.to_uppercase());
    centred(&mut surface, Line(&bold, 30.0, INK), middle, 176.0, TEXT_WIDTH, "Certificate of Completion");
    centred(&mut surface, Line(&regular, 13.0, MUTED), middle, 218.0, TEXT_WIDTH, "This certifies that");
    centred(&mut surface, Line(&bold, 34.0, BLUE), middle, 268.0, TEXT_WIDTH, &certificate.name);
    if let Some(line) = Rect::from_xywh(middle - 180.0, 282.0, 360.0, 0.8) {
        let mut path = PathBuilder::new();
        path.push_rect(line);
        if let Some(path) = path.finish() {
            surface.set_fill(Some(fill(TINT)));
            surface.draw_path(&path);
        }
    }
    centred(&mut surface, Line(&regular, 13.0, MUTED), middle, 312.0, TEXT_WIDTH, "has completed the course");
    centred(&mut surface, Line(&bold, 22.0, INK), middle, 346.0, TEXT_WIDTH, &certificate.course);
    let batch = format!("{}  ·  Instructor: {}", certificate.batch, certificate.instructor);
    centred(&mut surface, Line(&regular, 12.0, MUTED), middle, 374.0, TEXT_WIDTH, &batch);

    let left = 150.0;
    centred(&mut surface, Line(&regular, 10.0, MUTED), left, 462.0, 200.0, "Completed on");
    centred(&mut surface, Line(&bold, 13.0, INK), left, 480.0, 200.0, &long_date(&certificate.completed_on));
    centred(&mut surface, Line(&regular, 10.0, MUTED), left, 508.0, 200.0, "Issued on");
    centred(&mut surface, Line(&bold, 13.0, INK), left, 526.0, 200.0, &long_date(&certificate.issued_on));

    centred(&mut surface, Line(&regular, 10.0, MUTED), middle, 478.0, 300.0, "Certificate ID");
    centred(&mut surface, Line(&bold, 15.0, INK), middle, 498.0, 300.0, &certificate.id);
    centred(&mut surface, Line(&regular, 9.0, MUTED), middle, 522.0, 300.0, &format!("Verify at {verify_url}"));

    let size = 112.0;
    let (qr_x, qr_y) = (WIDTH - 60.0 - size, 424.0);
    qr(&mut surface, qr_x, qr_y, size, verify_url)?;
    centred(&mut surface, Line(&regular, 8.0, MUTED), qr_x + size / 2.0, qr_y + size + 2.0, size, "Scan to verify");

    surface.finish();
    page.finish();
    document.finish().map_err(|e| format!("the PDF could not be written: {e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_draws_every_letter_a_name_may_hold() {
        for data in [REGULAR, BOLD] {
            let face = rustybuzz::Face::from_slice(data, 0).unwrap();
            let missing: Vec<String> = ('\u{0}'..='\u{1eff}')
                .filter(|c| super::super::name::checked(&format!("A{c}")).is_ok() && *c != ' ')
                .filter(|c| face.glyph_index(*c).is_none())
                .map(|c| format!("U+{:04X}", c as u32))
                .collect();
            assert!(missing.is_empty(), "no glyph for {missing:?}");
        }
    }

    #[test]
    fn dates_are_written_out() {
        assert_eq!(long_date("2026-11-26"), "26 November 2026");
        assert_eq!(long_date("2027-01-05"), "5 January 2027");
        assert_eq!(long_date("soon"), "soon");
    }
}
