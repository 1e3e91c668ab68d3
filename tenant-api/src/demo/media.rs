//! Pictures and documents for the demo catalogue, drawn here rather than shipped: course
//! thumbnails (a two-colour gradient with soft circles, PNG), lesson figures and one-page PDF
//! lecture notes.

use base64::Engine;

/// An RGB picture, `width` x `height`, filled by `pixel(x, y)`.
fn png(width: u32, height: u32, pixel: impl Fn(u32, u32) -> [u8; 3]) -> Vec<u8> {
    let mut data = Vec::with_capacity((width * height * 3) as usize);
    for y in 0..height {
        for x in 0..width {
            data.extend_from_slice(&pixel(x, y));
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a PNG header writes to memory");
    writer.write_image_data(&data).expect("PNG data writes to memory");
    writer.finish().expect("a PNG finishes in memory");
    out
}

fn hex(colour: &str) -> [f32; 3] {
    let c = |i: usize| u8::from_str_radix(&colour[i..i + 2], 16).unwrap_or(128) as f32;
    [c(1), c(3), c(5)]
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

/// A 16:9 course thumbnail: a diagonal gradient between two colours with three light circles
/// placed by `seed`, so each course looks its own. The gradient is drawn in 24 bands, which PNG
/// compresses to a few kilobytes (a smooth one weighs 100 KB: too much for phones on mobile data).
pub fn thumbnail(from: &str, to: &str, seed: u32) -> Vec<u8> {
    let (w, h) = (480u32, 270u32);
    let (a, b) = (hex(from), hex(to));
    let circles: Vec<(f32, f32, f32)> = (0..3)
        .map(|i| {
            let k = seed.wrapping_mul(2654435761).wrapping_add(i * 40503);
            ((k % w) as f32, ((k / w) % h) as f32, 50.0 + (k % 90) as f32)
        })
        .collect();
    png(w, h, |x, y| {
        let band = |t: f32| (t * 24.0).floor() / 24.0;
        let t = (x as f32 / w as f32 * 0.6 + y as f32 / h as f32 * 0.4).clamp(0.0, 1.0);
        let mut c = mix(a, b, band(t));
        for &(cx, cy, r) in &circles {
            let d = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
            if d < r {
                c = mix(c, [255.0, 255.0, 255.0], 0.14);
            }
        }
        [c[0] as u8, c[1] as u8, c[2] as u8]
    })
}

/// A lesson figure: light paper with a grid and a rising curve, in the course's colour.
pub fn figure(colour: &str) -> Vec<u8> {
    let (w, h) = (480u32, 300u32);
    let ink = hex(colour);
    png(w, h, |x, y| {
        let curve = h as f32 - 30.0 - (x as f32 / w as f32).powf(1.6) * (h as f32 - 60.0);
        if (y as f32 - curve).abs() < 2.5 {
            [ink[0] as u8, ink[1] as u8, ink[2] as u8]
        } else if x % 40 == 0 || y % 40 == 0 {
            [220, 224, 230]
        } else {
            [250, 250, 247]
        }
    })
}

pub fn data_url(png: &[u8]) -> String {
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png))
}

/// One-page lecture notes as a PDF 1.4 file: a title and lines of text in Helvetica (ASCII).
pub fn notes_pdf(title: &str, lines: &[&str]) -> Vec<u8> {
    let clean = |s: &str| s.chars().filter(|c| c.is_ascii() && !c.is_ascii_control()).collect::<String>().replace('\\', "").replace('(', "[").replace(')', "]");
    let mut text = format!("BT /F1 20 Tf 56 770 Td ({}) Tj ET\n", clean(title));
    for (i, line) in lines.iter().enumerate() {
        text.push_str(&format!("BT /F1 12 Tf 56 {} Td ({}) Tj ET\n", 730 - 20 * i as i32, clean(line)));
    }
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".to_owned(),
        format!("<< /Length {} >>\nstream\n{text}endstream", text.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_owned(),
    ];
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n{object}\nendobj\n", i + 1).as_bytes());
    }
    let xref = pdf.len();
    pdf.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes());
    pdf
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_and_notes_are_what_uploads_accept() {
        let thumb = thumbnail("#0d47a1", "#ffb300", 7);
        assert_eq!(crate::media::image_kind(&thumb).map(|k| k.0), Some("png"));
        assert!(thumb.len() < 30 * 1024, "light enough for mobile data: {} bytes", thumb.len());
        let notes = notes_pdf("Mechanics (1)", &["Newton's laws"]);
        assert_eq!(crate::courses::syllabus::lesson_file_kind(&notes).map(|k| k.0), Some("pdf"));
        let text = String::from_utf8_lossy(&notes);
        assert!(text.contains("(Mechanics [1]) Tj") && text.ends_with("%%EOF\n"));
    }
}
