// The per-row report of a refused import: row (CSV line or question number), field, problem.
import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';
import { csvColumnOf, fieldLabel, type ReportRow } from '../hooks/import-report';

/** At most this many problems are listed (a file of 1,000 bad rows would list thousands). */
export const REPORT_MAX_ROWS = 300;

export function ImportReportTable({ rows, kind }: { rows: readonly ReportRow[]; kind: 'csv' | 'xml' }) {
  const { t, i18n } = useTranslation('questions');
  const lang = i18n.language;
  const shown = rows.slice(0, REPORT_MAX_ROWS);
  const label = (field: string) => {
    const l = fieldLabel(field);
    return l ? t(l.key, { n: l.n === undefined ? undefined : formatNumber(l.n, lang) }) : field;
  };
  return (
    <Box data-testid="import-report" data-kind={kind}>
      <Typography variant="subtitle1" component="h3" id="import-report-title" sx={{ fontWeight: 600 }}>
        {t('import.report_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="import-report-count">
        {t('import.report_count', { count: rows.length })} · {t(kind === 'csv' ? 'import.rows_hint_csv' : 'import.rows_hint_xml', { n: formatNumber(1, lang) })}
      </Typography>
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: { sm: 360 } }}>
        <Table size="small" stickyHeader aria-labelledby="import-report-title" sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>{t(kind === 'csv' ? 'import.col_row_csv' : 'import.col_row_xml')}</TableCell>
              <TableCell>{t('import.col_field')}</TableCell>
              <TableCell>{t('import.col_problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((r, i) => (
              <TableRow key={`${r.row}-${r.field}-${i}`} data-testid="import-report-row" data-row={r.row} data-field={r.field}>
                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }} data-testid="import-report-line">
                  {formatNumber(r.row, lang)}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'break-word' }}>
                  {label(r.field)}
                  {kind === 'csv' && (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {t('import.column_name', { name: csvColumnOf(r.field) })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'break-word' }} data-testid="import-report-message">
                  {r.message}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > shown.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="import-report-truncated">
          {t('import.report_truncated', { shown: formatNumber(shown.length, lang), total: formatNumber(rows.length, lang) })}
        </Typography>
      )}
    </Box>
  );
}
