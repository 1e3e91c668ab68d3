//! The A4 portrait sheets a site hands out besides certificates (payment receipts, marksheets,
//! honorarium statements): the site's name and the sheet's title over an accent rule, drawn
//! with the certificate renderer's shaping and fonts, and a closing line saying that no
//! signature is needed.

use super::pdf::{draw, rectangle};
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::Rect;
use krilla::page::PageSettings;
use krilla::paint::Fill;
use krilla::surface::Surface;

pub const WIDTH: f32 = 595.0;
pub const HEIGHT: f32 = 842.0;
pub const MARGIN: f32 = 56.0;
/// Where the body starts, under the title's rule.
pub const BODY_TOP: f32 = 160.0;

pub fn ink() -> rgb::Color {
    rgb::Color::new(0x22, 0x22, 0x22)
}

pub fn muted() -> rgb::Color {
    rgb::Color::new(0x60, 0x60, 0x60)
}

pub fn accent() -> rgb::Color {
    rgb::Color::new(0x0b, 0x6e, 0x4f)
}

/// A horizontal rule across the sheet between its margins.
pub fn rule(surface: &mut Surface, y: f32, thick: f32, colour: rgb::Color) {
    rectangle(surface, Rect::from_xywh(MARGIN, y, WIDTH - 2.0 * MARGIN, thick), Some(Fill { paint: colour.into(), ..Fill::default() }), None);
}

/// A one-page sheet: `site` and `title` at the top, then what `body` draws (it answers the y it
/// ended at), then `note` under it.
pub fn render(site: &str, title: &str, note: &str, body: impl FnOnce(&mut Surface) -> anyhow::Result<f32>) -> anyhow::Result<Vec<u8>> {
    let mut document = Document::new();
    let mut page = document.start_page_with(PageSettings::from_wh(WIDTH, HEIGHT).ok_or_else(|| anyhow::anyhow!("page size"))?);
    let mut surface = page.surface();
    draw(&mut surface, site, MARGIN, 80.0, 18.0, true, accent(), 0.0)?;
    draw(&mut surface, title, MARGIN, 112.0, 24.0, true, ink(), 0.0)?;
    rule(&mut surface, 128.0, 1.5, accent());
    let end = body(&mut surface)?;
    draw(&mut surface, note, MARGIN, end + 24.0, 10.0, false, muted(), 0.0)?;
    surface.finish();
    page.finish();
    document.finish().map_err(|e| anyhow::anyhow!("writing the PDF: {e:?}"))
}
