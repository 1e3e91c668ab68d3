// /events/:id: an event's public page. Its title, state, days and hours, place, seats and
// description; registering (a sign-in prompt for visitors; pending approval for an approval event;
// full when no seat is left; cancelling one's registration); the ticket with its QR code; a
// calendar file; and for approved registrants and managers its materials and discussions. Reviews
// for everyone, and after the event a review form for the people who were checked in.
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Divider, Grid, Stack, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import EventSeatOutlinedIcon from '@mui/icons-material/EventSeatOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast-provider';
import { otherTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { idParam } from '../../../lib/list-params';
import { useToken } from '../../../lib/session';
import { useAuthLinks } from '../../../lib/use-auth-links';
import { useErrorText } from '../../../lib/use-error-text';
import { eventIcsPath, type EventItem, type Registration } from '../api/events-api';
import { eventDescription, eventTitle, eventVenue, formatEventWhen, formatInstant, isInsider, seatsOf } from '../hooks/event-format';
import { useCancelRegistration, useEvent, useRegister } from '../hooks/use-events';
import { DraftChip, StateChip } from './event-chips';
import { useSeatsText } from './event-card';
import { EventTicket } from './event-ticket';
import { BackToEvents, EventFallback, EventsFrame } from './events-frame';
import { DiscussionsSection } from './discussions-section';
import { MaterialsSection } from './materials-section';
import { ReviewsSection } from './reviews-section';

export default function EventPage() {
  const { id: raw } = useParams();
  const id = idParam(raw);
  if (!id) return <Navigate to="/events/list" replace />;
  return <EventPageOf key={id} id={id} />;
}

function EventPageOf({ id }: { id: number }) {
  const { t } = useTranslation(['events', 'common']);
  const query = useEvent(id);
  const back = <BackToEvents label={t('events:page.back')} />;
  if (query.isError || !query.data) {
    return (
      <EventsFrame testId="event-page" {...(query.isLoading && { 'data-loading': 'true' })}>
        {back}
        <EventFallback query={query} notFound={t('events:page.not_found')} heights={[160, 320]} />
      </EventsFrame>
    );
  }
  const event = query.data;
  return (
    <EventsFrame testId="event-page" data-event-id={event.id} data-state={event.state}>
      {back}
      <EventDetails event={event} />
    </EventsFrame>
  );
}

function Fact({ icon, label, children, testId }: { icon: ReactNode; label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid={testId}>
      <Box sx={{ color: 'primary.main', display: 'flex', mt: '2px' }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {label}
        </Typography>
        <Box sx={{ overflowWrap: 'anywhere' }}>{children}</Box>
      </Box>
    </Stack>
  );
}

function EventDetails({ event }: { event: EventItem }) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const lang = i18n.language;
  const seatsText = useSeatsText();
  const title = eventTitle(event, lang);
  const other = otherTitle(event, lang);
  const description = eventDescription(event, lang);
  const venue = eventVenue(event);
  const insider = isInsider(event);

  return (
    <Grid container spacing={2.5}>
      <Grid size={12}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
              <StateChip event={event} />
              {!event.published && <DraftChip />}
              {event.registration === 'approval' && <Chip size="small" variant="outlined" label={t('events:page.approval_chip')} />}
            </Stack>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 32 }, fontWeight: 800, overflowWrap: 'anywhere' }} data-testid="event-heading" data-user-content>
              {title}
            </Typography>
            {other && (
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
                {other}
              </Typography>
            )}
            {!event.published && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {t('events:page.draft_note')}
              </Alert>
            )}
            <Grid container spacing={2} sx={{ mt: 1 }}>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <Fact icon={<ScheduleIcon />} label={t('events:page.when')} testId="event-when">
                  <Typography>{formatEventWhen(event.starts_at, event.ends_at, lang, { long: true })}</Typography>
                </Fact>
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <Fact icon={venue ? <PlaceOutlinedIcon /> : <LanguageIcon />} label={t('events:page.where')} testId="event-where">
                  {venue && <Typography data-user-content>{venue}</Typography>}
                  {event.online_link && (
                    <Typography>
                      {insider ? (
                        <Box component="a" href={event.online_link} target="_blank" rel="noopener noreferrer" sx={{ color: 'primary.main', fontWeight: 600 }} data-testid="event-online-link">
                          {t('events:page.join_online')}
                        </Box>
                      ) : (
                        t('events:page.online_after_registration')
                      )}
                    </Typography>
                  )}
                </Fact>
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <Fact icon={<EventSeatOutlinedIcon />} label={t('events:page.seats')} testId="event-seats">
                  {/* Once it is over, seats left mean nothing; who came is what stays. */}
                  {event.state !== 'ended' && (
                    <Typography sx={seatsOf(event).kind === 'full' ? { color: 'error.main', fontWeight: 700 } : undefined}>{seatsText(event)}</Typography>
                  )}
                  <Typography variant="body2" color="text.secondary">
                    {t('events:page.registered', { count: event.registered, n: formatNumber(event.registered, lang) })}
                  </Typography>
                </Fact>
              </Grid>
            </Grid>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 2.5, flexWrap: 'wrap' }}>
              <Button variant="outlined" startIcon={<EventAvailableOutlinedIcon />} href={eventIcsPath(event.id)} download={`event-${event.id}.ics`} data-testid="add-to-calendar">
                {t('events:page.add_to_calendar')}
              </Button>
              {event.can_manage && (
                <Button variant="outlined" startIcon={<EditOutlinedIcon />} component={RouterLink} to={`/events/edit/${event.id}`} data-testid="edit-event">
                  {t('events:page.edit')}
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
      </Grid>

      {/* Registration and the ticket: beside the details on a wide screen, right under the heading on a phone. */}
      <Grid size={{ xs: 12, md: 4 }} sx={{ order: { md: 2 } }}>
        <Stack spacing={2.5} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <RegistrationCard event={event} />
          {event.state !== 'ended' && event.my_registration?.status === 'approved' && event.my_registration.ticket && (
            <EventTicket event={event} registration={event.my_registration as Registration & { ticket: string }} />
          )}
        </Stack>
      </Grid>

      <Grid size={{ xs: 12, md: 8 }} sx={{ order: { md: 1 } }}>
        <Stack spacing={3}>
          <Card component="section" aria-labelledby="event-about">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="event-about" variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('events:page.about')}
              </Typography>
              {description ? (
                <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="event-description" data-user-content>
                  {description}
                </Typography>
              ) : (
                <Typography color="text.secondary">{t('events:page.no_description')}</Typography>
              )}
            </CardContent>
          </Card>
          {insider ? (
            <>
              <MaterialsSection event={event} manage={event.can_manage} />
              <Divider />
              <DiscussionsSection event={event} />
            </>
          ) : (
            <Alert severity="info" icon={<EventOutlinedIcon />} data-testid="insiders-note">
              {t('events:page.insiders_note')}
            </Alert>
          )}
          <Divider />
          <ReviewsSection event={event} />
        </Stack>
      </Grid>
    </Grid>
  );
}

/** What the reader can do about a seat: sign in, register, wait, cancel, or nothing (full, ended, refused). */
function RegistrationCard({ event }: { event: EventItem }) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const lang = i18n.language;
  const token = useToken();
  const links = useAuthLinks();
  const toast = useToast();
  const errorText = useErrorText();
  const register = useRegister(event.id);
  const cancel = useCancelRegistration(event.id);
  const [confirming, setConfirming] = useState(false);
  const reg = event.my_registration;
  const full = seatsOf(event).kind === 'full';

  let body: ReactNode;
  if (!token) {
    body = (
      <>
        <Typography sx={{ mb: 1.5 }}>{event.state === 'ended' ? t('events:register.ended') : t('events:register.sign_in_prompt')}</Typography>
        {event.state !== 'ended' && (
          <Stack direction={{ xs: 'column', sm: 'row', md: 'column' }} spacing={1}>
            <Button variant="contained" size="large" component={RouterLink} to={links.login} data-testid="sign-in-to-register">
              {t('events:register.sign_in')}
            </Button>
            <Button variant="outlined" component={RouterLink} to={links.registration}>
              {t('events:register.sign_up')}
            </Button>
          </Stack>
        )}
      </>
    );
  } else if (reg) {
    const cancellable = reg.status !== 'rejected' && event.state !== 'ended' && !reg.checked_in_at;
    body = (
      <>
        {reg.status === 'approved' && (
          <Alert severity="success" data-testid="registration-state" data-status="approved">
            {t('events:register.approved')}
            {reg.checked_in_at && (
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {t('events:register.checked_in', { time: formatInstant(reg.checked_in_at, lang) })}
              </Box>
            )}
          </Alert>
        )}
        {reg.status === 'pending' && (
          <Alert severity="info" data-testid="registration-state" data-status="pending">
            {t('events:register.pending')}
          </Alert>
        )}
        {reg.status === 'rejected' && (
          <Alert severity="warning" data-testid="registration-state" data-status="rejected">
            {t('events:register.rejected')}
          </Alert>
        )}
        {cancellable && (
          <Button color="error" onClick={() => setConfirming(true)} disabled={cancel.isPending} sx={{ mt: 1.5 }} data-testid="cancel-registration">
            {t('events:register.cancel')}
          </Button>
        )}
      </>
    );
  } else if (event.state === 'ended') {
    body = <Typography color="text.secondary">{t('events:register.ended')}</Typography>;
  } else if (full) {
    body = (
      <>
        <Button variant="contained" size="large" fullWidth disabled data-testid="register-full">
          {t('events:register.full_button')}
        </Button>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('events:register.full')}
        </Typography>
      </>
    );
  } else {
    body = (
      <>
        {event.registration === 'approval' && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('events:register.approval_note')}
          </Typography>
        )}
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={register.isPending}
          startIcon={register.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() =>
            register.mutate(undefined, {
              onSuccess: (r) => toast.show(r.status === 'approved' ? t('events:register.done_open') : t('events:register.done_approval')),
              onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
            })
          }
          data-testid="register"
        >
          {register.isPending ? t('events:register.registering') : t('events:register.register')}
        </Button>
      </>
    );
  }

  return (
    <Card data-testid="registration-card">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('events:register.title')}
        </Typography>
        {body}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('events:register.cancel_title')}
        body={t('events:register.cancel_body')}
        confirmLabel={t('events:register.cancel')}
        closeLabel={t('events:register.keep')}
        danger
        busy={cancel.isPending}
        onConfirm={() => {
          if (!reg) return;
          cancel.mutate(reg.id, {
            onSuccess: () => toast.show(t('events:register.cancelled')),
            onError: (err) => toast.show(errorText(err), { severity: 'error' }),
            onSettled: () => setConfirming(false),
          });
        }}
        onClose={() => !cancel.isPending && setConfirming(false)}
      />
    </Card>
  );
}
