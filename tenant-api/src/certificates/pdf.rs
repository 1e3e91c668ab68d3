//! The certificate as a PDF, drawn on the server. Bangla must come out as a Bangla reader expects
//! (conjuncts such as ক্ষ and ন্দ্র, vowel signs before or around their consonant), so text is
//! shaped with rustybuzz (HarfBuzz's algorithm) inside krilla and drawn with Noto Sans Bengali;
//! Latin runs use Noto Sans. A QR code links to the public verification page.
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `CERT_FONT_DIR` | directory holding NotoSans{,Bengali}-{Regular,Bold}.ttf | `/usr/share/fonts/truetype/noto` (Debian's fonts-noto-core) |

use super::templates::{Placement, Signature};
use anyhow::Context;
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::image::Image;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use std::sync::{Arc, OnceLock};

/// A4 landscape, in points.
pub const PAGE_WIDTH: f32 = 842.0;
pub const PAGE_HEIGHT: f32 = 595.0;

/// One face: its bytes (for measuring with rustybuzz) and the krilla font (for drawing).
struct Face {
    bytes: Arc<Vec<u8>>,
    font: Font,
}

impl Face {
    fn load(dir: &str, file: &str) -> anyhow::Result<Self> {
        let path = format!("{dir}/{file}");
        let bytes = Arc::new(std::fs::read(&path).with_context(|| format!("reading the certificate font {path} (install fonts-noto-core)"))?);
        let font = Font::new(bytes.clone().into(), 0).with_context(|| format!("{path} is not a usable font"))?;
        Ok(Self { bytes, font })
    }

    /// The advance width of a shaped run, in points.
    fn width(&self, text: &str, size: f32) -> f32 {
        let Some(face) = rustybuzz::Face::from_slice(&self.bytes, 0) else { return 0.0 };
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        let shaped = rustybuzz::shape(&face, &[], buffer);
        let units: i32 = shaped.glyph_positions().iter().map(|p| p.x_advance).sum();
        units as f32 * size / f32::from(face.units_per_em() as u16)
    }
}

struct Fonts {
    bengali: Face,
    bengali_bold: Face,
    latin: Face,
    latin_bold: Face,
}

static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();

fn fonts() -> anyhow::Result<&'static Fonts> {
    let loaded = FONTS.get_or_init(|| {
        let dir = std::env::var("CERT_FONT_DIR").unwrap_or_else(|_| "/usr/share/fonts/truetype/noto".into());
        let load = |file: &str| Face::load(&dir, file).map_err(|e| format!("{e:#}"));
        Ok(Fonts {
            bengali: load("NotoSansBengali-Regular.ttf")?,
            bengali_bold: load("NotoSansBengali-Bold.ttf")?,
            latin: load("NotoSans-Regular.ttf")?,
            latin_bold: load("NotoSans-Bold.ttf")?,
        })
    });
    loaded.as_ref().map_err(|e| anyhow::anyhow!("{e}"))
}

fn is_bengali(c: char) -> bool {
    matches!(c, '\u{0980}'..='\u{09FF}' | '\u{200C}' | '\u{200D}' | '\u{0964}' | '\u{0965}')
}

/// Splits text into runs of one script (Bangla or not); spaces stay with the run they are in,
/// since one shaping call handles one script.
pub fn runs(text: &str) -> Vec<(bool, String)> {
    let mut out: Vec<(bool, String)> = Vec::new();
    for c in text.chars() {
        let bengali = if c.is_whitespace() { out.last().is_some_and(|(b, _)| *b) } else { is_bengali(c) };
        match out.last_mut() {
            Some((b, run)) if *b == bengali || c.is_whitespace() => run.push(c),
            _ => out.push((bengali, c.to_string())),
        }
    }
    out
}

/// Draws `text` centred on `center_x` with its baseline at `y`.
fn centered(surface: &mut Surface, text: &str, center_x: f32, y: f32, size: f32, bold: bool, colour: rgb::Color) -> anyhow::Result<()> {
    draw(surface, text, center_x, y, size, bold, colour, 0.5)
}

/// Draws `text` with its baseline at `y`: starting at `x` for `anchor` 0, centred on it for 0.5,
/// ending at it for 1. Bangla runs in Noto Sans Bengali, the rest in Noto Sans, each shaped.
pub fn draw(surface: &mut Surface, text: &str, x: f32, y: f32, size: f32, bold: bool, colour: rgb::Color, anchor: f32) -> anyhow::Result<()> {
    let fonts = fonts()?;
    let face = |bengali: bool| match (bengali, bold) {
        (true, false) => &fonts.bengali,
        (true, true) => &fonts.bengali_bold,
        (false, false) => &fonts.latin,
        (false, true) => &fonts.latin_bold,
    };
    let runs = runs(text);
    let total: f32 = runs.iter().map(|(b, run)| face(*b).width(run, size)).sum();
    let mut x = x - total * anchor;
    surface.set_fill(Some(Fill { paint: colour.into(), ..Fill::default() }));
    for (bengali, run) in &runs {
        let f = face(*bengali);
        surface.draw_text(Point::from_xy(x, y), f.font.clone(), size, run, false, TextDirection::LeftToRight);
        x += f.width(run, size);
    }
    Ok(())
}

pub fn rectangle(surface: &mut Surface, rect: Option<Rect>, fill: Option<Fill>, stroke: Option<Stroke>) {
    let mut path = PathBuilder::new();
    if let Some(rect) = rect {
        path.push_rect(rect);
    }
    if let Some(path) = path.finish() {
        surface.set_fill(fill);
        surface.set_stroke(stroke);
        surface.draw_path(&path);
        surface.set_stroke(None);
    }
}

/// A QR code of `text` with its top-left corner at (x, y), `side` points wide.
fn qr(surface: &mut Surface, text: &str, x: f32, y: f32, side: f32) -> anyhow::Result<()> {
    let code = qrcode::QrCode::new(text.as_bytes()).context("QR code")?;
    let modules = code.width();
    let cell = side / modules as f32;
    let mut path = PathBuilder::new();
    for (i, colour) in code.to_colors().into_iter().enumerate() {
        if colour == qrcode::Color::Dark {
            let (col, row) = ((i % modules) as f32, (i / modules) as f32);
            if let Some(rect) = Rect::from_xywh(x + col * cell, y + row * cell, cell, cell) {
                path.push_rect(rect);
            }
        }
    }
    if let Some(path) = path.finish() {
        surface.set_fill(Some(Fill { paint: rgb::Color::black().into(), ..Fill::default() }));
        surface.draw_path(&path);
    }
    Ok(())
}

fn image(bytes: &[u8]) -> Option<Image> {
    let data: krilla::Data = bytes.to_vec().into();
    match crate::media::image_kind(bytes) {
        Some(("png", _)) => Image::from_png(data, true).ok(),
        Some(("jpg", _)) => Image::from_jpeg(data, true).ok(),
        _ => None,
    }
}

/// Draws an image scaled to fit `w` x `h` at (x, y), keeping its proportions.
fn place_image(surface: &mut Surface, img: Image, x: f32, y: f32, w: f32, h: f32) {
    let (iw, ih) = img.size();
    let scale = (w / iw as f32).min(h / ih as f32);
    let (dw, dh) = (iw as f32 * scale, ih as f32 * scale);
    if let Some(size) = Size::from_wh(dw, dh) {
        surface.push_transform(&Transform::from_translate(x + (w - dw) / 2.0, y + (h - dh) / 2.0));
        surface.draw_image(img, size);
        surface.pop();
    }
}

/// Everything a certificate shows.
pub struct CertificateContent<'a> {
    pub bangla: bool,
    pub holder: &'a str,
    pub course: &'a str,
    pub institution: &'a str,
    /// Already written in the certificate's language.
    pub date: &'a str,
    pub tracking_code: &'a str,
    pub verify_url: &'a str,
    pub accent: (u8, u8, u8),
    pub placement: &'a Placement,
    pub signatures: &'a [Signature],
    pub background: Option<&'a [u8]>,
    pub logo: Option<&'a [u8]>,
}

/// The certificate PDF (one A4 landscape page).
pub fn render(c: &CertificateContent<'_>) -> anyhow::Result<Vec<u8>> {
    let accent = rgb::Color::new(c.accent.0, c.accent.1, c.accent.2);
    let ink = rgb::Color::new(0x22, 0x22, 0x22);
    let muted = rgb::Color::new(0x55, 0x55, 0x55);
    let mut document = Document::new();
    let mut page = document.start_page_with(PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).context("page size")?);
    let mut surface = page.surface();
    let (w, h) = (PAGE_WIDTH, PAGE_HEIGHT);
    match c.background.and_then(image) {
        Some(bg) => place_image(&mut surface, bg, 0.0, 0.0, w, h),
        None => {
            let frame = |width: f32| Stroke { paint: accent.into(), width, ..Stroke::default() };
            rectangle(&mut surface, Rect::from_xywh(18.0, 18.0, w - 36.0, h - 36.0), None, Some(frame(4.0)));
            rectangle(&mut surface, Rect::from_xywh(28.0, 28.0, w - 56.0, h - 56.0), None, Some(frame(1.0)));
        }
    }
    if let Some(logo) = c.logo.and_then(image) {
        place_image(&mut surface, logo, w / 2.0 - 60.0, 40.0, 120.0, 50.0);
    }
    let (heading, certify, completed) = if c.bangla {
        ("সনদপত্র", "এই মর্মে প্রত্যয়ন করা যাচ্ছে যে", "কোর্সটি সফলভাবে সম্পন্ন করেছেন")
    } else {
        ("Certificate of Completion", "This is to certify that", "has successfully completed the course")
    };
    centered(&mut surface, c.institution, w / 2.0, 112.0, 18.0, true, accent)?;
    centered(&mut surface, heading, w / 2.0, 160.0, 34.0, true, ink)?;
    centered(&mut surface, certify, w / 2.0, 205.0, 15.0, false, muted)?;
    let spot = |s: &super::templates::Spot| (w * s.x / 100.0, h * s.y / 100.0, s.size);
    let (x, y, size) = spot(&c.placement.name);
    centered(&mut surface, c.holder, x, y, size, true, ink)?;
    let (x, y, size) = spot(&c.placement.course);
    if c.bangla {
        centered(&mut surface, &format!("«{}»", c.course), x, y, size, true, accent)?;
        centered(&mut surface, completed, x, y + size * 1.5, size * 0.75, false, muted)?;
    } else {
        centered(&mut surface, completed, x, y - size * 1.4, size * 0.75, false, muted)?;
        centered(&mut surface, &format!("“{}”", c.course), x, y, size, true, accent)?;
    }
    let (x, y, size) = spot(&c.placement.date);
    centered(&mut surface, c.date, x, y, size, false, muted)?;

    // Signatures along the bottom, evenly spaced; the QR code and tracking code bottom right.
    let count = c.signatures.len().min(3);
    for (i, signature) in c.signatures.iter().take(3).enumerate() {
        let center = 90.0 + (w - 290.0) * (i as f32 + 0.5) / count as f32;
        rectangle(&mut surface, Rect::from_xywh(center - 80.0, h - 110.0, 160.0, 0.8), Some(Fill { paint: muted.into(), ..Fill::default() }), None);
        centered(&mut surface, &signature.name, center, h - 92.0, 12.0, true, ink)?;
        centered(&mut surface, &signature.title, center, h - 76.0, 10.0, false, muted)?;
    }
    qr(&mut surface, c.verify_url, w - 150.0, h - 170.0, 96.0)?;
    centered(&mut surface, c.tracking_code, w - 102.0, h - 60.0, 10.0, true, ink)?;
    surface.finish();
    page.finish();
    document.finish().map_err(|e| anyhow::anyhow!("writing the PDF: {e:?}"))
}

/// "22 নভেম্বর ২০২৬" or "22 November 2026".
pub fn date_text(date: chrono::NaiveDate, bangla: bool) -> String {
    use chrono::Datelike;
    const BN: [&str; 12] = ["জানুয়ারি", "ফেব্রুয়ারি", "মার্চ", "এপ্রিল", "মে", "জুন", "জুলাই", "আগস্ট", "সেপ্টেম্বর", "অক্টোবর", "নভেম্বর", "ডিসেম্বর"];
    if bangla {
        let digits = |n: u32| control_plane::i18n::number(n as usize, control_plane::i18n::Lang::Bn);
        format!("{} {} {}", digits(date.day()), BN[date.month0() as usize], digits(date.year() as u32))
    } else {
        date.format("%-d %B %Y").to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_split_into_runs_of_one_script() {
        assert_eq!(runs("মোঃ Abdul করিম"), vec![(true, "মোঃ ".into()), (false, "Abdul ".into()), (true, "করিম".into())]);
        assert_eq!(runs("ক্ষ‌ত্র।"), vec![(true, "ক্ষ‌ত্র।".into())]);
    }

    #[test]
    fn dates_are_written_in_the_certificates_language() {
        let d = chrono::NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        assert_eq!(date_text(d, true), "২২ নভেম্বর ২০২৬");
        assert_eq!(date_text(d, false), "22 November 2026");
    }
}
