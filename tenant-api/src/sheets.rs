//! Tables that people keep in spreadsheets (question lists, candidate lists): read from a CSV or
//! an Excel (XLSX) file alike, and written as either. Cells come out as text, the way a teacher
//! sees them: whole numbers without ".0", dates as DD/MM/YYYY, times as HH:MM.

use calamine::{Data, Reader, Xlsx};
use std::io::Cursor;

/// A sheet's header (trimmed, lower-case) and its rows, each numbered as a spreadsheet shows it
/// (the header is row 1); blank rows are left out without changing the numbers after them.
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<(usize, Vec<String>)>,
}

impl Table {
    /// The index of the first column named one of `names`.
    pub fn column(&self, names: &[&str]) -> Option<usize> {
        self.headers.iter().position(|h| names.contains(&h.as_str()))
    }
}

/// Whether the bytes are a zip archive, as an XLSX file is.
pub fn is_xlsx(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// Reads the first worksheet of an XLSX file, or a CSV file (UTF-8, with or without the mark
/// Excel writes); `Err` names what is wrong with the file as a whole.
pub fn read(bytes: &[u8]) -> Result<Table, &'static str> {
    let mut lines = if is_xlsx(bytes) { xlsx_lines(bytes)? } else { csv_lines(bytes)? }.into_iter();
    let headers = lines.next().ok_or("no_rows_in_file")?.into_iter().map(|h| h.trim().to_lowercase()).collect();
    let rows = lines
        .enumerate()
        .map(|(n, cells)| (n + 2, cells.into_iter().map(|c| c.trim().to_owned()).collect::<Vec<_>>()))
        .filter(|(_, cells)| cells.iter().any(|c| !c.is_empty()))
        .collect();
    Ok(Table { headers, rows })
}

fn csv_lines(bytes: &[u8]) -> Result<Vec<Vec<String>>, &'static str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new().flexible(true).has_headers(false).from_reader(bytes);
    reader.records().map(|r| r.map(|r| r.iter().map(str::to_owned).collect()).map_err(|_| "invalid_csv")).collect()
}

fn xlsx_lines(bytes: &[u8]) -> Result<Vec<Vec<String>>, &'static str> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(|_| "invalid_xlsx")?;
    let range = book.worksheet_range_at(0).ok_or("no_rows_in_file")?.map_err(|_| "invalid_xlsx")?;
    Ok(range.rows().map(|row| row.iter().map(cell_text).collect()).collect())
}

fn cell_text(cell: &Data) -> String {
    match cell {
        Data::Empty | Data::Error(_) => String::new(),
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Int(n) => n.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => b.to_string(),
        Data::DateTime(d) => match d.as_datetime() {
            // Excel keeps a time of day as a fraction of day zero.
            Some(t) if d.as_f64() < 1.0 => t.format("%H:%M").to_string(),
            Some(t) => t.format("%d/%m/%Y").to_string(),
            None => d.as_f64().to_string(),
        },
    }
}

/// A sheet written a row at a time: an XLSX workbook of one sheet (the header in bold, then every
/// cell as text, so that a "1|3" answer or a leading zero stays as typed) whose rows go through a
/// temporary file, or a CSV file as Excel opens it with Bangla intact (UTF-8 after the byte-order
/// mark).
pub enum SheetWriter {
    Xlsx { book: Box<rust_xlsxwriter::Workbook>, next_row: u32 },
    Csv(csv::Writer<Vec<u8>>),
}

/// The spreadsheet formats: what `?format=` and an export's `format` take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Xlsx,
    Csv,
}

impl Format {
    /// `xlsx` or `csv` (none: XLSX); another: 422 `invalid_choice` on `field`.
    pub fn parse(field: &str, value: Option<&str>) -> control_plane::AppResult<Self> {
        match value.map(str::trim) {
            Some("xlsx") | None => Ok(Format::Xlsx),
            Some("csv") => Ok(Format::Csv),
            Some(_) => Err(control_plane::AppError::unprocessable(field, "invalid_choice")),
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Xlsx => "xlsx",
            Format::Csv => "csv",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Format::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            Format::Csv => "text/csv; charset=utf-8",
        }
    }
}

impl SheetWriter {
    pub fn new(format: Format, headers: &[&str]) -> anyhow::Result<Self> {
        match format {
            Format::Xlsx => {
                let mut book = Box::new(rust_xlsxwriter::Workbook::new());
                let sheet = book.add_worksheet_with_constant_memory()?;
                let bold = rust_xlsxwriter::Format::new().set_bold();
                for (col, header) in headers.iter().enumerate() {
                    sheet.write_string_with_format(0, col as u16, *header, &bold)?;
                }
                Ok(SheetWriter::Xlsx { book, next_row: 1 })
            }
            Format::Csv => {
                let mut out = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
                out.write_record(headers)?;
                Ok(SheetWriter::Csv(out))
            }
        }
    }

    pub fn row(&mut self, cells: &[String]) -> anyhow::Result<()> {
        match self {
            SheetWriter::Xlsx { book, next_row } => {
                let sheet = book.worksheet_from_index(0)?;
                for (col, cell) in cells.iter().enumerate() {
                    sheet.write_string(*next_row, col as u16, cell)?;
                }
                *next_row += 1;
            }
            SheetWriter::Csv(out) => out.write_record(cells)?,
        }
        Ok(())
    }

    /// The file's bytes.
    pub fn finish(self) -> anyhow::Result<Vec<u8>> {
        match self {
            SheetWriter::Xlsx { mut book, .. } => Ok(book.save_to_buffer()?),
            SheetWriter::Csv(out) => Ok(out.into_inner().map_err(|e| anyhow::anyhow!("{}", e.error()))?),
        }
    }
}

/// A whole sheet at once.
pub fn write(format: Format, headers: &[&str], rows: &[Vec<String>]) -> anyhow::Result<Vec<u8>> {
    let mut sheet = SheetWriter::new(format, headers)?;
    for row in rows {
        sheet.row(row)?;
    }
    sheet.finish()
}

pub fn write_xlsx(headers: &[&str], rows: &[Vec<String>]) -> anyhow::Result<Vec<u8>> {
    write(Format::Xlsx, headers, rows)
}

/// `?format=`: `xlsx` or `csv`.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct DownloadQuery {
    /// `xlsx` (default) or `csv`.
    pub format: Option<String>,
}

/// A sheet as a download named `<name>.xlsx` or `<name>.csv` by `format` (none: XLSX); another
/// format: 422 `invalid_choice`.
pub fn download(name: &str, format: Option<&str>, headers: &[&str], rows: &[Vec<String>]) -> control_plane::AppResult<axum::response::Response> {
    let format = Format::parse("format", format)?;
    Ok(attachment(&format!("{name}.{}", format.extension()), format.mime(), write(format, headers, rows)?))
}

/// Bytes sent as a file to save.
pub fn attachment(file_name: &str, mime: &str, bytes: Vec<u8>) -> axum::response::Response {
    use axum::http::header;
    use axum::response::IntoResponse;
    ([(header::CONTENT_TYPE, mime.to_owned()), (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file_name}\""))], bytes).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_xlsx_file_reads_like_the_csv_it_was_written_from() {
        let rows = vec![vec!["রহিম".to_owned(), "".to_owned(), "01711000000".to_owned()], vec!["".into(), "".into(), "".into()], vec!["Karim".into(), "k@example.com".into(), "".into()]];
        let bytes = write_xlsx(&["Name", "email", "phone"], &rows).unwrap();
        assert!(is_xlsx(&bytes));
        let table = read(&bytes).unwrap();
        assert_eq!(table.headers, ["name", "email", "phone"]);
        assert_eq!(table.rows.len(), 2, "the blank row is left out");
        assert_eq!(table.rows[0], (2, vec!["রহিম".to_owned(), "".into(), "01711000000".into()]));
        assert_eq!(table.rows[1].0, 4, "numbered as the sheet shows it");
        let csv = read("\u{feff}name,email,phone\nরহিম,,01711000000\n,,\nKarim,k@example.com,\n".as_bytes()).unwrap();
        assert_eq!((csv.headers, csv.rows), (table.headers, table.rows));
    }

    #[test]
    fn numbers_and_dates_read_as_a_teacher_typed_them() {
        assert_eq!(cell_text(&Data::Float(2.0)), "2");
        assert_eq!(cell_text(&Data::Float(0.5)), "0.5");
        assert_eq!(read(b"PK\x03\x04not a zip").err(), Some("invalid_xlsx"));
        assert_eq!(read(b"").err(), Some("no_rows_in_file"));
    }
}
