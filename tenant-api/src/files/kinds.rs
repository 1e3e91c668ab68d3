//! What a file manager upload is, from its bytes and its name, and what a link points at.
//!
//! The allowed kinds are SPEC §5's picker types: images, audio, video, and the documents docx, doc,
//! xls, ppt, pptx, txt and pdf; zip archives go under Others. A file is accepted only when its
//! first bytes carry the signature its extension promises, so a script renamed `.pdf` is refused.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FileType {
    Image,
    Audio,
    Video,
    Document,
    Other,
}

impl FileType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Image => "image",
            Self::Audio => "audio",
            Self::Video => "video",
            Self::Document => "document",
            Self::Other => "other",
        }
    }

    /// A tab's name, in the spec's plural spellings too (`images`, `documents`).
    pub fn parse(value: &str) -> Option<Self> {
        match value.trim().to_ascii_lowercase().trim_end_matches('s') {
            "image" => Some(Self::Image),
            "audio" => Some(Self::Audio),
            "video" => Some(Self::Video),
            "document" => Some(Self::Document),
            "other" => Some(Self::Other),
            _ => None,
        }
    }
}

/// The signature families we recognise in a file's first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Magic {
    Png,
    Jpeg,
    Gif,
    Webp,
    Mp3,
    Ogg,
    Wav,
    /// ISO base media (`ftyp`): mp4, m4v, m4a.
    Iso,
    Webm,
    Pdf,
    /// OLE2 compound files: the old Office formats.
    Cfb,
    /// Zip packages: Office Open XML, or a plain archive.
    Zip,
    Text,
}

fn magic(bytes: &[u8]) -> Option<Magic> {
    let at = |offset: usize, sig: &[u8]| bytes.len() >= offset + sig.len() && &bytes[offset..offset + sig.len()] == sig;
    Some(if at(0, b"\x89PNG\r\n\x1a\n") {
        Magic::Png
    } else if at(0, &[0xFF, 0xD8, 0xFF]) {
        Magic::Jpeg
    } else if at(0, b"GIF87a") || at(0, b"GIF89a") {
        Magic::Gif
    } else if at(0, b"RIFF") && at(8, b"WEBP") {
        Magic::Webp
    } else if at(0, b"RIFF") && at(8, b"WAVE") {
        Magic::Wav
    } else if at(0, b"ID3") || at(0, &[0xFF, 0xFB]) || at(0, &[0xFF, 0xF3]) || at(0, &[0xFF, 0xF2]) {
        Magic::Mp3
    } else if at(0, b"OggS") {
        Magic::Ogg
    } else if at(4, b"ftyp") {
        Magic::Iso
    } else if at(0, &[0x1A, 0x45, 0xDF, 0xA3]) {
        Magic::Webm
    } else if at(0, b"%PDF-") {
        Magic::Pdf
    } else if at(0, &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        Magic::Cfb
    } else if at(0, b"PK\x03\x04") {
        Magic::Zip
    } else if looks_like_text(bytes) {
        Magic::Text
    } else {
        return None;
    })
}

/// Text: UTF-8 (a character cut at the end of the sniffed bytes is fine) without control
/// characters other than tab and line breaks.
fn looks_like_text(bytes: &[u8]) -> bool {
    let valid = match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) if e.error_len().is_none() => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
        Err(_) => return false,
    };
    !bytes.is_empty() && valid.chars().all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r'))
}

/// A kind of file we keep: its extension, signature, type and the mime it is served with.
pub struct Kind {
    pub ext: &'static str,
    magic: Magic,
    pub file_type: FileType,
    pub mime: &'static str,
}

const fn kind(ext: &'static str, magic: Magic, file_type: FileType, mime: &'static str) -> Kind {
    Kind { ext, magic, file_type, mime }
}

/// Without an extension a file is taken for the first kind of its signature.
const KINDS: &[Kind] = &[
    kind("png", Magic::Png, FileType::Image, "image/png"),
    kind("jpg", Magic::Jpeg, FileType::Image, "image/jpeg"),
    kind("jpeg", Magic::Jpeg, FileType::Image, "image/jpeg"),
    kind("gif", Magic::Gif, FileType::Image, "image/gif"),
    kind("webp", Magic::Webp, FileType::Image, "image/webp"),
    kind("mp3", Magic::Mp3, FileType::Audio, "audio/mpeg"),
    kind("ogg", Magic::Ogg, FileType::Audio, "audio/ogg"),
    kind("wav", Magic::Wav, FileType::Audio, "audio/wav"),
    kind("mp4", Magic::Iso, FileType::Video, "video/mp4"),
    kind("m4v", Magic::Iso, FileType::Video, "video/mp4"),
    kind("m4a", Magic::Iso, FileType::Audio, "audio/mp4"),
    kind("webm", Magic::Webm, FileType::Video, "video/webm"),
    kind("pdf", Magic::Pdf, FileType::Document, "application/pdf"),
    kind("doc", Magic::Cfb, FileType::Document, "application/msword"),
    kind("xls", Magic::Cfb, FileType::Document, "application/vnd.ms-excel"),
    kind("ppt", Magic::Cfb, FileType::Document, "application/vnd.ms-powerpoint"),
    kind("docx", Magic::Zip, FileType::Document, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    kind("xlsx", Magic::Zip, FileType::Document, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    kind("pptx", Magic::Zip, FileType::Document, "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
    kind("txt", Magic::Text, FileType::Document, "text/plain; charset=utf-8"),
    kind("zip", Magic::Zip, FileType::Other, "application/zip"),
];

/// The kind of a file named `name` whose first bytes are `head`; `None` when the bytes are none
/// of the allowed kinds or not the kind the name's extension says.
pub fn detect(name: &str, head: &[u8]) -> Option<&'static Kind> {
    let found = magic(head)?;
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    match ext.as_deref().filter(|e| KINDS.iter().any(|k| k.ext == *e)) {
        Some(ext) => KINDS.iter().find(|k| k.ext == ext && k.magic == found),
        None => KINDS.iter().find(|k| k.magic == found),
    }
}

/// The kind a file's name promises by its extension (its bytes are checked when they arrive).
pub fn by_name(name: &str) -> Option<&'static Kind> {
    let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
    KINDS.iter().find(|k| k.ext == ext)
}

/// The type of the kind served as `mime` (kinds that share a mime share their type).
pub fn type_of_mime(mime: &str) -> FileType {
    KINDS.iter().find(|k| k.mime == mime).map_or(FileType::Other, |k| k.file_type)
}

/// The images the cropper sends (SPEC §5: jpeg, jpg, gif, png; WebP too).
pub fn is_croppable(head: &[u8]) -> bool {
    matches!(magic(head), Some(Magic::Png | Magic::Jpeg | Magic::Gif | Magic::Webp))
}

/// A link kept as a file.
#[derive(Debug, PartialEq, Eq)]
pub struct Link {
    pub url: String,
    pub provider: Option<&'static str>,
    /// A YouTube video's id, for its thumbnail.
    pub youtube_id: Option<String>,
}

/// SPEC §5: a URL is valid when it matches a host-like pattern. We take http(s) links to a named
/// host with a dot (or localhost), no credentials, at most 2,000 characters.
pub fn link(raw: &str) -> Option<Link> {
    let raw = raw.trim();
    if raw.len() > 2000 {
        return None;
    }
    let url = reqwest::Url::parse(raw).ok()?;
    if !matches!(url.scheme(), "http" | "https") || !url.username().is_empty() || url.password().is_some() {
        return None;
    }
    let host = url.host_str()?.to_ascii_lowercase();
    let labels_ok = host.split('.').all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    if !(labels_ok && (host.contains('.') || host == "localhost")) {
        return None;
    }
    let host = host.trim_start_matches("www.").trim_start_matches("m.");
    let segments: Vec<&str> = url.path_segments().map(|s| s.filter(|p| !p.is_empty()).collect()).unwrap_or_default();
    let youtube_id = match (host, segments.as_slice()) {
        ("youtube.com" | "youtube-nocookie.com", ["watch"]) => url.query_pairs().find(|(k, _)| k == "v").map(|(_, v)| v.into_owned()),
        ("youtube.com" | "youtube-nocookie.com", ["shorts" | "embed" | "live", id, ..]) => Some((*id).to_owned()),
        ("youtu.be", [id, ..]) => Some((*id).to_owned()),
        _ => None,
    }
    .filter(|id| id.len() == 11 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    let vimeo = host == "vimeo.com" && segments.first().is_some_and(|s| s.chars().all(|c| c.is_ascii_digit()))
        || host == "player.vimeo.com" && segments.len() >= 2 && segments[0] == "video";
    let provider = if youtube_id.is_some() { Some("youtube") } else if vimeo { Some("vimeo") } else { None };
    Some(Link { url: url.to_string(), provider, youtube_id })
}

/// A YouTube video's thumbnail, as YouTube serves it.
pub fn youtube_thumbnail(id: &str) -> String {
    format!("https://i.ytimg.com/vi/{id}/hqdefault.jpg")
}

/// What a link without a type given is: a video for the video sites, else by its extension.
pub fn link_type(link: &Link) -> FileType {
    if link.provider.is_some() {
        return FileType::Video;
    }
    let path = link.url.split(['?', '#']).next().unwrap_or_default();
    let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    KINDS.iter().find(|k| k.ext == ext).map_or(FileType::Other, |k| k.file_type)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_must_be_what_the_name_says() {
        assert_eq!(detect("photo.PNG", b"\x89PNG\r\n\x1a\n....").map(|k| k.file_type), Some(FileType::Image));
        assert_eq!(detect("talk.m4a", b"\0\0\0\x20ftypM4A ").map(|k| k.file_type), Some(FileType::Audio));
        assert_eq!(detect("class.mp4", b"\0\0\0\x20ftypisom").map(|k| k.file_type), Some(FileType::Video));
        assert_eq!(detect("notes.docx", b"PK\x03\x04rest").map(|k| k.file_type), Some(FileType::Document));
        assert_eq!(detect("bundle.zip", b"PK\x03\x04rest").map(|k| k.file_type), Some(FileType::Other));
        assert_eq!(detect("old.doc", &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]).map(|k| k.ext), Some("doc"));
        assert_eq!(detect("পাঠ.txt", "বাংলা লেখা\n".as_bytes()).map(|k| k.file_type), Some(FileType::Document));
        assert!(detect("report.pdf", b"<script>alert(1)</script>").is_none(), "text named .pdf");
        assert!(detect("photo.png", b"%PDF-1.7").is_none());
        assert!(detect("run.exe", b"MZ\x90\0\x03\0\0\0").is_none());
        assert!(detect("data.bin", &[0, 1, 2, 3, 0, 0]).is_none());
        // An unknown extension: the bytes decide.
        assert_eq!(detect("scan.jfif", &[0xFF, 0xD8, 0xFF, 0xE0]).map(|k| k.ext), Some("jpg"));
    }

    #[test]
    fn tab_names_take_both_spellings() {
        assert_eq!(FileType::parse("images"), Some(FileType::Image));
        assert_eq!(FileType::parse("Documents"), Some(FileType::Document));
        assert_eq!(FileType::parse("others"), Some(FileType::Other));
        assert_eq!(FileType::parse("exe"), None);
    }

    #[test]
    fn links_are_recognised() {
        let yt = link("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3").unwrap();
        assert_eq!((yt.provider, yt.youtube_id.as_deref()), (Some("youtube"), Some("dQw4w9WgXcQ")));
        assert_eq!(link("https://youtu.be/dQw4w9WgXcQ").unwrap().youtube_id.as_deref(), Some("dQw4w9WgXcQ"));
        assert_eq!(link("https://youtube.com/shorts/dQw4w9WgXcQ").unwrap().provider, Some("youtube"));
        assert_eq!(link("https://vimeo.com/76979871").unwrap().provider, Some("vimeo"));
        assert_eq!(link_type(&link("https://example.com/files/notes.pdf?x=1").unwrap()), FileType::Document);
        assert_eq!(link_type(&link("https://example.com/page").unwrap()), FileType::Other);
        for bad in ["", "example", "javascript:alert(1)", "ftp://example.com/a", "https://user:pw@example.com/", "http://exa mple.com", "https://-/x", "https://.com"] {
            assert!(link(bad).is_none(), "{bad}");
        }
    }
}
