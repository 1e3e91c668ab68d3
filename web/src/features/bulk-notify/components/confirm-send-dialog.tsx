// Asked before a message goes: what it is, by which channels, when (now or the time chosen), and
// again how many it reaches and what the SMS cost. Sending waits while the counts are not those of
// the message (being counted again) and is refused when nobody would get it.
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { formatDate } from '../../../lib/lang';
import { fromLocalInput } from '../../../lib/local-datetime';
import { useErrorText } from '../../../lib/use-error-text';
import type { AudienceSummary } from '../api/bulk-api';
import { needsSubject, orderedChannels, type BulkFormValues } from '../hooks/bulk-form';
import { channelLabel, messageTitle } from '../hooks/progress';
import { reachableMost } from '../hooks/summary';
import { SummaryText } from './audience-summary';

const TITLE_ID = 'bulk-confirm-title';

export function ConfirmSendDialog(props: {
  /** The checked values waiting for a yes; null: closed. */
  values: BulkFormValues | null;
  /** The counts of these values (undefined while they are counted). */
  summary: AudienceSummary | undefined;
  /** The counting's refusal, shown instead of the counts. */
  error?: unknown;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['bulk', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const errorText = useErrorText();
  const { values, summary, busy } = props;
  const channels = orderedChannels(values?.channels ?? []);
  const later = values?.when === 'later';
  const title = values ? messageTitle({ subject: needsSubject(channels) ? values.subject : '', body: values.body }) : '';
  const ready = !!summary && reachableMost(summary, channels) > 0;
  return (
    <Dialog open={!!values} onClose={props.onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="bulk-confirm">
      <DialogTitle id={TITLE_ID}>{later ? t('bulk:confirm.title_later') : t('bulk:confirm.title_now')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('bulk:confirm.channels', { channels: channels.map((c) => channelLabel(c, t)).join(', ') })}
          </Typography>
          {later && values && (
            <Typography variant="body2" data-testid="bulk-confirm-when">
              {t('bulk:confirm.when', { time: formatDate(fromLocalInput(values.send_at), lang) })}
            </Typography>
          )}
          <Box aria-live="polite" data-testid="bulk-confirm-summary">
            {summary ? (
              <SummaryText summary={summary} channels={channels} />
            ) : props.error ? (
              <ErrorState message={`${t('bulk:summary.failed')} ${errorText(props.error)}`} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('bulk:summary.counting')}
              </Typography>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} disabled={busy}>
          {t('bulk:confirm.back')}
        </Button>
        <Button
          variant="contained"
          onClick={props.onConfirm}
          disabled={busy || !ready}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="bulk-confirm-send"
        >
          {busy ? t('bulk:sending') : later ? t('bulk:confirm.schedule') : t('bulk:confirm.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
