//! The certificate PDF draws Bangla the way a Bangla reader expects. The PDF is rasterised with
//! poppler's pdftoppm (installed by infra/test) and compared with a reference image that was
//! checked by eye (conjuncts ক্ষ ত্র ন্দ, য-ফলা, vowel signs ি ো placed around their consonant).
//! A control rendering with every conjunct broken apart (a ZWNJ after each hasanta, which is
//! roughly what a renderer without shaping produces) must differ clearly, so the comparison
//! can tell shaped from unshaped text.
//!
//! Regenerate the reference after an intended layout change with
//! `UPDATE_REFERENCE=1 cargo test -p tenant-api --test certificate_pdf`, then look at it.

use std::path::PathBuf;
use std::process::Command;
use tenant_api::certificates::pdf::{self, CertificateContent};
use tenant_api::certificates::templates::{Placement, Signature};

const DPI: &str = "36";

fn certificate(holder: &str, course: &str, signature: &str, background: Option<&[u8]>) -> Vec<u8> {
    let signatures = [Signature { name: signature.into(), title: "ঢাকা কলেজ".into() }];
    pdf::render(&CertificateContent {
        bangla: true,
        holder,
        course,
        institution: "ঢাকা কলেজ",
        date: &pdf::date_text(chrono::NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(), true),
        tracking_code: "ABCD2345EFGH",
        verify_url: "http://localhost:8080/certificate/check/ABCD2345EFGH",
        accent: (0x1b, 0x5e, 0x20),
        placement: &Placement::default(),
        signatures: &signatures,
        background,
        logo: None,
    })
    .expect("the certificate renders")
}

struct Gray {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

/// Parses a binary PGM (P5) as pdftoppm writes it.
fn parse_pgm(bytes: &[u8]) -> Gray {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    assert_eq!(fields[0], "P5");
    let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    Gray { width, height, pixels: bytes[at + 1..].to_vec() }
}

fn rasterise(pdf: &[u8], name: &str) -> Gray {
    let dir = std::env::temp_dir().join(format!("cert-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("in.pdf"), pdf).unwrap();
    let status = Command::new("pdftoppm")
        .args(["-r", DPI, "-gray", "-singlefile"])
        .arg(dir.join("in.pdf"))
        .arg(dir.join("out"))
        .status()
        .expect("pdftoppm (poppler-utils) is installed by infra/test");
    assert!(status.success());
    let gray = parse_pgm(&std::fs::read(dir.join("out.pgm")).unwrap());
    std::fs::remove_dir_all(&dir).ok();
    gray
}

/// Mean absolute difference per pixel (0-255) inside rows `rows` of two same-sized images.
fn difference(a: &Gray, b: &Gray, rows: std::ops::Range<usize>) -> f64 {
    assert_eq!((a.width, a.height), (b.width, b.height), "same page size");
    let range = rows.start * a.width..rows.end * a.width;
    let sum: u64 = a.pixels[range.clone()].iter().zip(&b.pixels[range.clone()]).map(|(x, y)| u64::from(x.abs_diff(*y))).sum();
    sum as f64 / range.len() as f64
}

fn reference_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/reference/certificate-bn.pgm")
}

#[test]
fn bangla_is_shaped_like_the_reference_and_unshaped_text_is_told_apart() {
    let (holder, course, signature) = ("মোঃ আবদুল করিম", "বাংলা ব্যাকরণ ও রচনা", "অধ্যক্ষ");
    let pdf = certificate(holder, course, signature, None);
    assert!(pdf.starts_with(b"%PDF-"));
    let shaped = rasterise(&pdf, "shaped");
    if std::env::var_os("UPDATE_REFERENCE").is_some() {
        let mut out = format!("P5\n{} {}\n255\n", shaped.width, shaped.height).into_bytes();
        out.extend_from_slice(&shaped.pixels);
        std::fs::write(reference_path(), out).unwrap();
        // For looking at: the PDF itself, next to the build output.
        std::fs::write(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/certificate-bn.pdf"), &pdf).unwrap();
    }
    let reference = parse_pgm(&std::fs::read(reference_path()).expect("the reference image"));
    let whole = 0..reference.height;
    let same = difference(&shaped, &reference, whole.clone());
    assert!(same < 0.5, "the certificate drifted from the reference: mean difference {same:.3}");

    // The control: every conjunct broken apart.
    let broken = |s: &str| s.replace('\u{09CD}', "\u{09CD}\u{200C}");
    let unshaped = rasterise(&certificate(holder, &broken(course), &broken(signature), None), "unshaped");
    let apart = difference(&unshaped, &reference, whole);
    assert!(apart > same * 4.0 && apart > 0.3, "broken conjuncts must look different: {apart:.3} vs {same:.3}");
}

/// A grey PNG with the page's proportions, as a template background.
fn grey_png(width: u32, height: u32, grey: u8) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.write_header().unwrap().write_image_data(&vec![grey; (width * height) as usize]).unwrap();
    }
    out
}

/// Mean grey of a square of `size` pixels at (`x`, `y`).
fn mean_at(g: &Gray, x: usize, y: usize, size: usize) -> f64 {
    let sum: u64 = (y..y + size).flat_map(|row| (x..x + size).map(move |col| u64::from(g.pixels[row * g.width + col]))).sum();
    sum as f64 / (size * size) as f64
}

#[test]
fn a_template_background_fills_the_page_under_the_text() {
    let plain = rasterise(&certificate("মোঃ আবদুল করিম", "বাংলা ব্যাকরণ", "অধ্যক্ষ", None), "plain");
    let background = grey_png(297, 210, 90);
    let page = rasterise(&certificate("মোঃ আবদুল করিম", "বাংলা ব্যাকরণ", "অধ্যক্ষ", Some(&background)), "background");
    // The corners are paper without a background and the template's grey with one.
    for (x, y) in [(2, 2), (page.width - 8, 2), (2, page.height - 8), (page.width - 8, page.height - 8)] {
        assert!(mean_at(&plain, x, y, 6) > 250.0, "paper at ({x}, {y})");
        assert!((mean_at(&page, x, y, 6) - 90.0).abs() < 4.0, "background at ({x}, {y}): {}", mean_at(&page, x, y, 6));
    }
    // Text and QR code are drawn over it: darker than the background somewhere.
    assert!(page.pixels.iter().any(|&p| p < 60), "the text is drawn over the background");
}
