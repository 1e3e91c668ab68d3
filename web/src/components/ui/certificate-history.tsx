// HTTPS certificate state of a site (the `tls` field of GET /my-account/institutions/view-info/{id}):
// the certificates covering it with their expiry, and the latest issuance attempts, newest first.
// Shown to the super admin (partner details) and to the partner admin (site profile); its words are
// the settings namespace's, as only those admin pages need them.
import { Box, Chip, Stack, Typography, type ChipProps } from '@mui/material';
import HttpsOutlinedIcon from '@mui/icons-material/HttpsOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/lang';
import { EmptyState } from './empty-state';

export interface TlsCertificate {
  name: string;
  kind: 'wildcard' | 'custom' | string;
  not_after: string;
}

export type TlsAttemptStatus = 'started' | 'issued' | 'failed';

export interface TlsAttempt {
  name: string;
  status: TlsAttemptStatus | string;
  message: string | null;
  at: string;
}

/** null when HTTPS is off for the platform. */
export type TlsHistory = null | { certificates: TlsCertificate[]; attempts: TlsAttempt[] };

const DAY_MS = 86_400_000;
/** A certificate expiring within this many days is shown as a warning. */
export const EXPIRY_WARNING_DAYS = 14;

/** Whole days from `now` until `notAfter` (negative once expired; NaN for an unreadable date). */
export function daysLeft(notAfter: string, now: Date = new Date()): number {
  const end = new Date(notAfter).getTime();
  if (Number.isNaN(end)) return Number.NaN;
  return Math.floor((end - now.getTime()) / DAY_MS);
}

const ATTEMPT_CHIP: Record<string, ChipProps['color']> = { started: 'info', issued: 'success', failed: 'error' };

export function CertificateHistory({ tls, now }: { tls: TlsHistory | undefined; now?: Date }) {
  const { t, i18n } = useTranslation('settings');
  const lang = i18n.language;

  if (!tls) {
    return (
      <Typography color="text.secondary" data-testid="tls-off">
        {t('tls.off')}
      </Typography>
    );
  }

  const certificates = tls.certificates ?? [];
  const attempts = tls.attempts ?? [];

  return (
    <Box data-testid="certificate-history">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('tls.certificates_title')}
      </Typography>
      {certificates.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="tls-no-certificate">
          {t('tls.no_certificate')}
        </Typography>
      ) : (
        <Stack spacing={1} sx={{ mb: 2.5 }}>
          {certificates.map((c) => {
            const days = daysLeft(c.not_after, now);
            const expired = days < 0;
            const soon = !expired && days <= EXPIRY_WARNING_DAYS;
            return (
              <Stack
                key={`${c.kind}:${c.name}`}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 0.5, sm: 1.5 }}
                data-testid="tls-certificate"
                data-kind={c.kind}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, alignItems: { sm: 'center' } }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', minWidth: 0, flexGrow: 1 }}>
                  <HttpsOutlinedIcon fontSize="small" color={expired ? 'error' : 'success'} sx={{ mt: 0.25 }} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontWeight: 600 }}>{c.name}</Typography>
                    <Chip size="small" variant="outlined" label={t(`tls.kind.${c.kind}`, { defaultValue: c.kind })} sx={{ mt: 0.5 }} />
                  </Box>
                </Stack>
                <Box sx={{ textAlign: { sm: 'right' }, flexShrink: 0 }}>
                  <Typography variant="body2">{t('tls.valid_until', { date: formatDate(c.not_after, lang) })}</Typography>
                  {!Number.isNaN(days) && (
                    <Typography
                      variant="body2"
                      sx={{ fontWeight: 600, color: expired ? 'error.main' : soon ? 'warning.main' : 'success.main' }}
                      data-testid="tls-days-left"
                    >
                      {expired ? t('tls.expired') : t('tls.days_left', { count: days })}
                    </Typography>
                  )}
                </Box>
              </Stack>
            );
          })}
        </Stack>
      )}

      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('tls.attempts_title')}
      </Typography>
      {attempts.length === 0 ? (
        <Box sx={{ border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2 }}>
          <EmptyState icon={<HistoryOutlinedIcon />} message={t('tls.no_attempts')} />
        </Box>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: 2 }} aria-label={t('tls.attempts_title')}>
          {attempts.map((a, i) => (
            <Box
              component="li"
              key={`${a.at}-${i}`}
              data-testid="tls-attempt"
              data-status={a.status}
              sx={{ px: 1.5, py: 1, borderTop: i === 0 ? 0 : 1, borderColor: 'divider' }}
            >
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip
                  size="small"
                  color={ATTEMPT_CHIP[a.status] ?? 'default'}
                  variant={a.status === 'started' ? 'outlined' : 'filled'}
                  label={t(`tls.status.${a.status}`, { defaultValue: a.status })}
                />
                <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flexGrow: 1 }}>
                  {a.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="time" dateTime={a.at}>
                  {formatDate(a.at, lang)}
                </Typography>
              </Stack>
              {a.message && (
                <Typography
                  variant="body2"
                  sx={{ mt: 0.5, wordBreak: 'break-word', color: a.status === 'failed' ? 'error.main' : 'text.secondary' }}
                  data-testid="tls-attempt-message"
                >
                  {a.message}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
