// Honorarium tab: each trainer's sessions taken (with attendance) × their rate, the tax at the
// batch's rate and what is paid, with the totals; and each trainer's statement (a PDF in the
// interface's language, fetched with the app's headers). The table scrolls sideways on a phone.
import { Box, Card, IconButton, Skeleton, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { downloadFile } from '../../../lib/download';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import type { Batch } from '../../courses/api/courses-api';
import { statementPath, type HonorariumRow } from '../api/trainings-api';
import { formatBasisPoints } from '../hooks/training-numbers';
import { useHonorarium } from '../hooks/use-trainings';

export function HonorariumTab({ batch }: { batch: Batch }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const query = useHonorarium(batch.id);
  if (query.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (query.isError || !query.data) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const h = query.data;
  const money = (p: number) => formatTaka(p, lang, true);
  if (h.trainers.length === 0) {
    return (
      <Card>
        <EmptyState icon={<PaymentsOutlinedIcon />} message={t('trainings:honorarium.empty')} />
      </Card>
    );
  }
  return (
    <Box data-testid="honorarium">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="honorarium-rule">
        {t('trainings:honorarium.rule', { tax: formatBasisPoints(h.tax_basis_points, lang) })}
      </Typography>
      <Card>
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('trainings:honorarium.title')}>
          <Table size="small" sx={{ minWidth: 720, '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('trainings:honorarium.trainer')}</TableCell>
                <TableCell align="right">{t('trainings:honorarium.sessions')}</TableCell>
                <TableCell align="right">{t('trainings:honorarium.rate')}</TableCell>
                <TableCell align="right">{t('trainings:honorarium.gross')}</TableCell>
                <TableCell align="right">{t('trainings:honorarium.tax')}</TableCell>
                <TableCell align="right">{t('trainings:honorarium.net')}</TableCell>
                <TableCell align="right">{t('trainings:honorarium.statement')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {h.trainers.map((r) => (
                <TableRow key={r.trainer_id} data-testid="honorarium-row" data-trainer-id={r.trainer_id}>
                  <TableCell sx={{ fontWeight: 600 }} data-user-content>
                    {r.name}
                  </TableCell>
                  <TableCell align="right">{formatNumber(r.sessions_taken, lang)}</TableCell>
                  <TableCell align="right">{money(r.rate_poisha)}</TableCell>
                  <TableCell align="right">{money(r.gross_poisha)}</TableCell>
                  <TableCell align="right">{money(r.tax_poisha)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="honorarium-net">
                    {money(r.net_poisha)}
                  </TableCell>
                  <TableCell align="right">
                    <StatementButton row={r} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow data-testid="honorarium-totals" sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
                <TableCell colSpan={3}>{t('trainings:honorarium.total')}</TableCell>
                <TableCell align="right">{money(h.total_gross_poisha)}</TableCell>
                <TableCell align="right">{money(h.total_tax_poisha)}</TableCell>
                <TableCell align="right">{money(h.total_net_poisha)}</TableCell>
                <TableCell />
              </TableRow>
            </TableFooter>
          </Table>
        </Box>
      </Card>
    </Box>
  );
}

/** The trainer's statement, in the interface's language (Bangla unless asked for English). */
function StatementButton({ row }: { row: HonorariumRow }) {
  const { t, i18n } = useTranslation('trainings');
  const toast = useToast();
  const errorText = useErrorText();
  const label = t('honorarium.statement_named', { name: row.name });
  const download = () =>
    downloadFile(statementPath(row.trainer_id), { lang: i18n.language === 'en' ? 'en' : undefined }, `honorarium-${row.trainer_id}.pdf`).catch((err: unknown) => toast.show(errorText(err), { severity: 'error' }));
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={() => void download()} data-testid="honorarium-statement">
        <PictureAsPdfOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
