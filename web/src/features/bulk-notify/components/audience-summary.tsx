// Under the filters: how many people the message reaches, by each chosen channel, and what the SMS
// cost ("Reaches 1,234 people: 1,200 by e-mail, 1,100 by SMS", "SMS cost: ৳330.00 (3 parts each)"),
// asked again a pause after each change; a warning when nobody can be reached (sending is then off).
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import type { AudienceSummary, Channel } from '../api/bulk-api';
import { reachableMost, summaryLines } from '../hooks/summary';

/** The reach and cost lines of a summary. */
export function SummaryText({ summary, channels }: { summary: AudienceSummary; channels: readonly Channel[] }) {
  const { t, i18n } = useTranslation('bulk');
  const { reach, cost } = summaryLines(summary, channels, t, i18n.language);
  return (
    <>
      <Typography sx={{ fontWeight: 600 }} data-testid="bulk-reach">
        {reach}
      </Typography>
      {cost && (
        <Typography variant="body2" color="text.secondary" data-testid="bulk-cost">
          {cost}
        </Typography>
      )}
    </>
  );
}

export function AudienceSummaryBox({ channels, query, upToDate }: { channels: readonly Channel[]; query: Pick<UseQueryResult<AudienceSummary, unknown>, 'data' | 'error' | 'isFetching' | 'refetch'>; upToDate: boolean }) {
  const { t } = useTranslation('bulk');
  const errorText = useErrorText();
  const counting = !upToDate || query.isFetching;
  let content;
  if (!channels.length) {
    content = (
      <Typography variant="body2" color="text.secondary">
        {t('summary.choose_channel')}
      </Typography>
    );
  } else if (query.error && !counting) {
    content = (
      <Alert
        severity="error"
        data-testid="bulk-summary-error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      >
        {t('summary.failed')} {errorText(query.error)}
      </Alert>
    );
  } else if (!query.data) {
    content = (
      <Typography variant="body2" color="text.secondary">
        {t('summary.counting')}
      </Typography>
    );
  } else {
    content = (
      <>
        <SummaryText summary={query.data} channels={channels} />
        {!counting && reachableMost(query.data, channels) === 0 && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="bulk-nobody">
            {t('summary.nobody')}
          </Alert>
        )}
      </>
    );
  }
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy={counting && channels.length > 0}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 2, borderRadius: 2, bgcolor: 'action.hover', opacity: counting && query.data ? 0.7 : 1 }}
      data-testid="bulk-summary"
    >
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }} aria-hidden>
        {counting && channels.length ? <CircularProgress size={20} /> : <GroupsOutlinedIcon />}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>{content}</Box>
    </Box>
  );
}
