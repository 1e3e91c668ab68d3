// The check-in tab of /events/edit/:id: the camera scanner, and a ticket typed by hand for when
// there is no camera. Each ticket goes to POST /event/check-in; the outcome shows large (the
// person's name and time, or why not: already checked in and when, not a ticket of this event, not
// approved, check-in not open) and the scanning goes on. The ticket just read is ignored for 3 s.
import { Alert, AlertTitle, Box, Button, Card, CardContent, CircularProgress, Grid, Stack, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import type { EventItem } from '../api/events-api';
import { formatInstant, formatTime } from '../hooks/event-format';
import { checkInProblem, isFreshScan, ticketForEvent, type CheckInProblem, type LastScan } from '../hooks/ticket';
import { useCheckIn } from '../hooks/use-events';
import { CheckInScanner } from './check-in-scanner';

type Outcome =
  | { kind: 'ok'; name: string; at: string | null; ticket: string }
  | { kind: CheckInProblem; at: string | null; ticket: string }
  | { kind: 'error'; message: string; ticket: string };

export function CheckInTab({ event }: { event: EventItem }) {
  const { t, i18n } = useTranslation(['events', 'errors']);
  const lang = i18n.language;
  const errorText = useErrorText();
  const checkIn = useCheckIn(event.id);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [typed, setTyped] = useState('');
  const last = useRef<LastScan | null>(null);
  const busy = useRef(false);
  const shown = useRef<HTMLDivElement>(null);
  // Each outcome is brought into view (on a phone it sits below the scanner and the typed ticket).
  useEffect(() => {
    if (outcome) shown.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [outcome]);

  /** Checks the ticket in `raw` in; true when it was (the typed text is then cleared). */
  const send = (raw: string, onDone?: (ok: boolean) => void) => {
    const ticket = ticketForEvent(raw, event.id);
    if (!ticket) {
      setOutcome({ kind: 'invalid_ticket', at: null, ticket: raw.trim() });
      onDone?.(false);
      return;
    }
    busy.current = true;
    checkIn.mutate(ticket.text, {
      onSuccess: (reg) => {
        setOutcome({ kind: 'ok', name: reg.name, at: reg.checked_in_at, ticket: ticket.text });
        onDone?.(true);
      },
      onError: (err) => {
        const problem = checkInProblem(err);
        setOutcome(problem ? { kind: problem.code, at: problem.at, ticket: ticket.text } : { kind: 'error', message: errorText(err), ticket: ticket.text });
        onDone?.(false);
      },
      onSettled: () => {
        busy.current = false;
      },
    });
  };

  const onDecoded = (text: string) => {
    const now = Date.now();
    if (busy.current || !isFreshScan(last.current, text, now)) return;
    last.current = { text, at: now };
    send(text);
  };

  return (
    <Grid container spacing={2.5} data-testid="check-in-tab">
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('events:checkin.title')}
            </Typography>
            <CheckInScanner onDecoded={onDecoded} paused={checkIn.isPending} />
            <Box
              component="form"
              noValidate
              sx={{ mt: 3 }}
              data-testid="manual-check-in"
              onSubmit={(e) => {
                e.preventDefault();
                if (checkIn.isPending || !typed.trim()) return;
                send(typed, (ok) => ok && setTyped(''));
              }}
            >
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {t('events:checkin.manual_title')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField
                  id="ticket-code"
                  label={t('events:checkin.ticket_code')}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  helperText={t('events:checkin.ticket_hint')}
                  fullWidth
                  autoComplete="off"
                  slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', lang: 'en' } }}
                />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={checkIn.isPending || !typed.trim()}
                  startIcon={checkIn.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
                  sx={{ flexShrink: 0, minHeight: 56 }}
                  data-testid="check-in-submit"
                >
                  {t('events:checkin.submit')}
                </Button>
              </Stack>
            </Box>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Box ref={shown} role="status" aria-live="polite" aria-atomic="true" sx={{ scrollMarginBottom: { xs: 80, md: 0 } }}>
          {outcome && <OutcomeCard outcome={outcome} lang={lang} />}
        </Box>
      </Grid>
    </Grid>
  );
}

function OutcomeCard({ outcome, lang }: { outcome: Outcome; lang: string }) {
  const { t } = useTranslation(['events', 'errors']);
  const ok = outcome.kind === 'ok';
  let title: string;
  let detail: string;
  if (outcome.kind === 'ok') {
    title = t('events:checkin.success');
    detail = t('events:checkin.success_detail', { name: outcome.name, time: formatTime(outcome.at ?? new Date().toISOString(), lang) });
  } else if (outcome.kind === 'already_checked_in') {
    title = t('errors:already_checked_in');
    detail = outcome.at ? t('events:checkin.already', { time: formatInstant(outcome.at, lang) }) : t('events:checkin.already_unknown');
  } else if (outcome.kind === 'error') {
    title = t('events:checkin.failed');
    detail = outcome.message;
  } else {
    title = t(`errors:${outcome.kind}`);
    detail = t(`events:checkin.hints.${outcome.kind}`);
  }
  return (
    <Alert
      severity={ok ? 'success' : outcome.kind === 'already_checked_in' ? 'warning' : 'error'}
      variant="filled"
      icon={ok ? <CheckCircleIcon sx={{ fontSize: 48 }} /> : <ErrorOutlineIcon sx={{ fontSize: 48 }} />}
      sx={{ alignItems: 'center', py: 2, '& .MuiAlert-message': { minWidth: 0 } }}
      data-testid="check-in-result"
      data-result={outcome.kind}
    >
      <AlertTitle sx={{ fontSize: { xs: 22, sm: 26 }, fontWeight: 800, mb: 0.5 }}>{title}</AlertTitle>
      <Typography sx={{ fontSize: { xs: 18, sm: 20 }, overflowWrap: 'anywhere' }} data-testid="check-in-detail">
        {detail}
      </Typography>
      <Typography variant="caption" component="p" sx={{ mt: 1, opacity: 0.85, fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-user-content>
        {outcome.ticket}
      </Typography>
    </Alert>
  );
}
