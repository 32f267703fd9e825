//! A certificate as a PDF: one A4 landscape page with the institute's name and mark, the holder,
//! the course and batch, the dates, the instructor, the id and a QR code of the verification URL,
//! drawn with the PDF kit (`crate::pdf`: the bundled faces, embedded as subsets;
//! docs/decisions/0033-certificates-pdf-and-qr.md). About 30 KB.

use crate::domain::Certificate;
use crate::pdf::{centred, fill, long_date, mark, rule, stroke, Face, Line, BLUE, INK, MUTED, TINT};
use krilla::geom::{PathBuilder, Rect};
use krilla::page::PageSettings;
use krilla::surface::Surface;
use qrcode::{Color, EcLevel, QrCode};

pub use crate::pdf::INSTITUTE;

/// A4 landscape, in points.
const WIDTH: f32 = 841.89;
const HEIGHT: f32 = 595.28;
/// The widest a line of text may be (inside the border, with a margin).
const TEXT_WIDTH: f32 = 680.0;

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
    let (regular, bold) = Face::both()?;
    let mut document = crate::pdf::document(format!("Certificate of Completion: {}", certificate.name));
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
    rule(&mut surface, middle - 180.0, 282.0, 360.0, 0.8, TINT);
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
    #[test]
    fn the_font_draws_every_letter_a_name_may_hold() {
        let (regular, bold) = crate::pdf::Face::both().unwrap();
        for face in [regular, bold] {
            let missing: Vec<String> = ('\u{0}'..='\u{1eff}')
                .filter(|c| super::super::name::checked(&format!("A{c}")).is_ok() && *c != ' ')
                .filter(|c| !face.draws(*c))
                .map(|c| format!("U+{:04X}", c as u32))
                .collect();
            assert!(missing.is_empty(), "no glyph for {missing:?}");
        }
    }
}
