// /events/create and /events/edit/:id, for the people who manage events. Creating shows the form
// alone and then opens the new event's editor. The editor: the event's header (its state, counts,
// its public page, Delete after a confirmation), the form, and below it the tabs (?tab=):
// registrations, check-in, attendance, materials, discussions, reviews.
import { Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { otherTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { idParam } from '../../../lib/list-params';
import { useErrorText } from '../../../lib/use-error-text';
import type { EventItem } from '../api/events-api';
import { eventTitle, formatEventWhen } from '../hooks/event-format';
import { useDeleteEvent, useEvent } from '../hooks/use-events';
import { AttendanceTab } from './attendance-tab';
import { CheckInTab } from './check-in-tab';
import { DiscussionsSection } from './discussions-section';
import { DraftChip, StateChip } from './event-chips';
import { EventForm } from './event-form';
import { BackToEvents, EventFallback } from './events-frame';
import { MaterialsSection } from './materials-section';
import { RegistrationsTab } from './registrations-tab';
import { ReviewsSection } from './reviews-section';

export const EDIT_TABS = ['registrations', 'checkin', 'attendance', 'materials', 'discussions', 'reviews'] as const;
export type EditTab = (typeof EDIT_TABS)[number];

/** `?tab=`: one of the tabs, else the registrations. */
export function editTabParam(value: string | null): EditTab {
  return (EDIT_TABS as readonly string[]).includes(value ?? '') ? (value as EditTab) : 'registrations';
}

export default function EventEditPages() {
  const { id: raw } = useParams();
  if (raw === undefined) return <CreateEventPage />;
  const id = idParam(raw);
  if (!id) return <Navigate to="/events/list" replace />;
  return <EditEventPage key={id} id={id} />;
}

function CreateEventPage() {
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  return (
    <Box data-testid="event-create-page">
      <BackToEvents label={t('edit.back')} />
      <PageHeader title={t('form.create_title')} subtitle={t('form.create_hint')} />
      <EventForm event={null} onSaved={(saved) => navigate(`/events/edit/${saved.id}`, { replace: true })} />
    </Box>
  );
}

function EditEventPage({ id }: { id: number }) {
  const { t } = useTranslation(['events', 'common']);
  const query = useEvent(id);
  const [params, setParams] = useSearchParams();
  const tab = editTabParam(params.get('tab'));
  // A link to a tab (the door keeper's ?tab=checkin) opens at the tabs, below the form.
  const tabs = useRef<HTMLDivElement>(null);
  const linkedTab = useRef(params.has('tab'));
  const loaded = !!query.data;
  useEffect(() => {
    if (loaded && linkedTab.current) {
      linkedTab.current = false;
      tabs.current?.scrollIntoView({ block: 'start' });
    }
  }, [loaded]);

  const back = <BackToEvents label={t('events:edit.back')} />;
  if (query.isError || !query.data) {
    return (
      <Box>
        {back}
        <EventFallback query={query} notFound={t('events:edit.not_found')} heights={[120, 480]} />
      </Box>
    );
  }
  const event = query.data;
  return (
    <Box data-testid="event-edit-page" data-event-id={event.id}>
      {back}
      <EditHeader event={event} />
      <EventForm event={event} />
      <Box ref={tabs} sx={{ mt: 4, scrollMarginTop: 72 }}>
        <Tabs
          value={tab}
          onChange={(_, v: EditTab) => {
            const next = new URLSearchParams(params);
            if (v === 'registrations') next.delete('tab');
            else next.set('tab', v);
            setParams(next, { replace: true });
          }}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('events:edit.tabs_label')}
          sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
        >
          {EDIT_TABS.map((s) => (
            <Tab key={s} value={s} label={t(`events:edit.tabs.${s}`)} id={`event-tab-${s}`} aria-controls={`event-tabpanel-${s}`} data-testid={`tab-${s}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`event-tabpanel-${tab}`} aria-labelledby={`event-tab-${tab}`}>
          {tab === 'registrations' && <RegistrationsTab event={event} />}
          {tab === 'checkin' && <CheckInTab event={event} />}
          {tab === 'attendance' && <AttendanceTab event={event} />}
          {tab === 'materials' && <MaterialsSection event={event} manage heading={false} />}
          {tab === 'discussions' && <DiscussionsSection event={event} heading={false} />}
          {tab === 'reviews' && <ReviewsSection event={event} heading={false} />}
        </Box>
      </Box>
    </Box>
  );
}

function EditHeader({ event }: { event: EventItem }) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const lang = i18n.language;
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const remove = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);
  const title = eventTitle(event, lang) || t('events:edit.untitled');
  const other = otherTitle(event, lang);
  return (
    <Card sx={{ mb: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="event-heading" data-user-content>
              {title}
            </Typography>
            {other && (
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
                {other}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {formatEventWhen(event.starts_at, event.ends_at, lang)}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <StateChip event={event} />
              {!event.published && <DraftChip />}
              <Typography variant="body2" color="text.secondary" data-testid="event-counts">
                {t('events:edit.counts', { registered: formatNumber(event.registered, lang), pending: formatNumber(event.pending, lang) })}
              </Typography>
            </Stack>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
            <Button variant="outlined" startIcon={<OpenInNewIcon />} component={RouterLink} to={`/events/${event.id}`} data-testid="view-event">
              {t('events:edit.view')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)} data-testid="delete-event">
              {t('events:edit.delete')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('events:edit.delete_title', { title })}
        body={t('events:edit.delete_body')}
        confirmLabel={t('events:edit.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(event.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.show(t('events:edit.deleted', { title }));
              navigate('/events/list', { replace: true });
            },
            onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
          })
        }
        onClose={() => !remove.isPending && setConfirming(false)}
      />
    </Card>
  );
}
