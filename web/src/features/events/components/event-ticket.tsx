// The registrant's ticket: a QR code of its text (drawn by the `qrcode` package, fetched when a
// ticket is first shown), their name, the event, when and where, and the text itself for a door
// keeper without a camera. Printing prints the ticket alone.
import { Box, Button, Card, CardContent, GlobalStyles, Skeleton, Stack, Typography } from '@mui/material';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printPart, printPartStyles } from '../../../components/ui/print-part';
import type { EventItem, Registration } from '../api/events-api';
import { eventTitle, eventVenue, formatEventWhen } from '../hooks/event-format';
import { qrSvgDataUrl } from '../hooks/qr-decoder';

/** The ticket alone on paper. */
const printStyles = printPartStyles('ticket');
const printTicket = () => printPart('ticket');

export function EventTicket({ event, registration }: { event: EventItem; registration: Registration & { ticket: string } }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language;
  const [qr, setQr] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { ticket } = registration;
  const title = eventTitle(event, lang);
  const venue = eventVenue(event);

  useEffect(() => {
    let live = true;
    setQr(null);
    setFailed(false);
    qrSvgDataUrl(ticket).then(
      (url) => live && setQr(url),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [ticket]);

  return (
    <Card variant="outlined" sx={{ borderWidth: 2, borderColor: 'primary.main', borderStyle: 'dashed' }} data-testid="event-ticket" data-ticket={ticket} data-print-ticket>
      <GlobalStyles styles={printStyles} />
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="overline" color="primary" component="h2" sx={{ fontWeight: 800, letterSpacing: 1 }}>
          {t('ticket.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row', md: 'column' }} spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
          <Box sx={{ width: 200, maxWidth: '100%', aspectRatio: '1 / 1', flexShrink: 0, bgcolor: '#fff', borderRadius: 1 }}>
            {qr ? (
              <Box component="img" src={qr} alt={t('ticket.qr_alt', { event: title })} sx={{ width: '100%', height: '100%', display: 'block' }} data-testid="ticket-qr" />
            ) : failed ? (
              <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
                {t('ticket.qr_failed')}
              </Typography>
            ) : (
              <Skeleton variant="rectangular" width="100%" height="100%" />
            )}
          </Box>
          <Box sx={{ minWidth: 0, width: '100%' }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('ticket.name')}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: 18, overflowWrap: 'anywhere' }} data-testid="ticket-name" data-user-content>
              {registration.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t('ticket.event')}
            </Typography>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatEventWhen(event.starts_at, event.ends_at, lang, { long: true })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {venue ? <span data-user-content>{venue}</span> : t('card.online')}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t('ticket.code')}
            </Typography>
            <Typography sx={{ fontFamily: 'monospace', fontSize: 14, overflowWrap: 'anywhere', userSelect: 'all' }} data-testid="ticket-code" lang="en">
              {ticket}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('ticket.hint')}
        </Typography>
        <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={printTicket} sx={{ mt: 1.5 }} data-print-hide data-testid="print-ticket">
          {t('ticket.print')}
        </Button>
      </CardContent>
    </Card>
  );
}
