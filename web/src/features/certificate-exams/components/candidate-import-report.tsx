// What a refused sheet of candidates says: nothing was added, the whole sheet's problems, then per
// line (the header being line 1) the column and the problem.
import { Alert, AlertTitle, Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';
import { CANDIDATE_COLUMNS, type ImportReport } from '../hooks/candidate-import';

/** At most this many problems are listed (a sheet of 2,000 bad lines would list thousands). */
export const REPORT_MAX_ROWS = 200;

export function CandidateImportReport({ report }: { report: ImportReport }) {
  const { t, i18n } = useTranslation('courses');
  const lang = i18n.language;
  const shown = report.rows.slice(0, REPORT_MAX_ROWS);
  const column = (field: string) => ((CANDIDATE_COLUMNS as readonly string[]).includes(field) ? t(`certificate_exams.candidates.${field}`) : field);
  return (
    <Box data-testid="import-report">
      <Alert severity="error" sx={{ mb: 1.5 }}>
        <AlertTitle data-testid="import-nothing">{t('certificate_exams.import.nothing_added')}</AlertTitle>
        {t('certificate_exams.import.refused')}
        {report.sheet.length > 0 && (
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} data-testid="import-sheet-errors">
            {report.sheet.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </Box>
        )}
      </Alert>
      {shown.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" id="import-report-title" sx={{ mb: 1 }}>
            {t('certificate_exams.import.report_count', { count: report.rows.length })}
          </Typography>
          <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: { sm: 320 } }}>
            <Table size="small" stickyHeader aria-labelledby="import-report-title" sx={{ '& th, & td': { px: { xs: 1, sm: 2 }, verticalAlign: 'top' } }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>{t('certificate_exams.import.col_line')}</TableCell>
                  <TableCell>{t('certificate_exams.import.col_column')}</TableCell>
                  <TableCell>{t('certificate_exams.import.col_problem')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((r, i) => (
                  <TableRow key={`${r.row}-${r.field}-${i}`} data-testid="import-report-row" data-row={r.row} data-field={r.field}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatNumber(r.row, lang)}</TableCell>
                    <TableCell>{column(r.field)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {report.rows.length > shown.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="import-report-truncated">
              {t('certificate_exams.import.truncated', { shown: formatNumber(shown.length, lang), total: formatNumber(report.rows.length, lang) })}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
