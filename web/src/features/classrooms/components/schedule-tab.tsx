// A class's schedule: the upcoming sessions (soonest first, those under way too) or the completed
// ones (latest first), a page at a time. Each session shows its title, day, hours, length and
// state; "Join" on an upcoming or live session asks for a joining link minted for the caller and
// opens it in a new tab (the server gives it from 15 minutes before the start until the end, and
// says so otherwise). A session with a recording offers "Watch recording", and one that the
// meeting service recorded (BigBlueButton, Zoom) "Watch the recording (<service>)", at the service;
// a live or completed one its chat (session-chat.tsx). Teachers and admins create, edit and delete sessions, and give a
// live or completed session its recording (a video of their file manager, chosen in the shared
// file picker) or take it off; "Results" shows how the students did at the session's quizzes
// (session-results.tsx).
import { Alert, Box, Button, Card, CardActions, CardContent, Link, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import VideoCallOutlinedIcon from '@mui/icons-material/VideoCallOutlined';
import VideocamOffOutlinedIcon from '@mui/icons-material/VideocamOffOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { Classroom, ClassSession } from '../api/classrooms-api';
import { fileHref, formatClockRange, formatLongDay, managesClass, providerRecordingLinks, sessionTitle } from '../hooks/classroom-format';
import { deleteSessionMutation, recordingMutation, useJoinSession, useSessions, type ScheduleView } from '../hooks/use-classrooms';
import { SessionStateChip } from './classroom-chips';
import { SessionChatDialog } from './session-chat';
import { SessionDialog } from './session-dialog';

// Only when a recording is being chosen.
const FilePickerDialog = lazy(() => import('../../../components/ui/file-picker-dialog').then((m) => ({ default: m.FilePickerDialog })));
// Only when a session's quiz results are opened (with the Exam Centre's result view).
const SessionResultsDialog = lazy(() => import('./session-results'));

/** The session being joined: its id, and the link when the new tab could not be opened. */
interface Joining {
  id: number;
  url?: string;
}

export function ScheduleTab({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const manage = managesClass(classroom.my_role);
  const [view, setView] = useState<ScheduleView>('now');
  const [page, setPage] = useState(1);
  const list = useSessions(classroom.id, view, page);
  const join = useJoinSession();
  const [joining, setJoining] = useState<Joining | null>(null);
  const remove = useMutation(deleteSessionMutation(qc, classroom.id));
  const [editing, setEditing] = useState<{ session: ClassSession | null } | null>(null);
  const [removing, setRemoving] = useState<ClassSession | null>(null);
  const recording = useMutation(recordingMutation(qc, classroom.id));
  // The session a recording is chosen for (null: the picker closed; undefined: never opened).
  const [picking, setPicking] = useState<ClassSession | null | undefined>(undefined);
  const [unrecording, setUnrecording] = useState<ClassSession | null>(null);
  const [chatting, setChatting] = useState<ClassSession | null>(null);
  const [results, setResults] = useState<ClassSession | null>(null);
  const rows = list.data?.data ?? [];

  const setRecording = (s: ClassSession, fileId: number | null, done?: () => void) =>
    recording.mutate(
      { sessionId: s.id, fileId },
      {
        onSuccess: () => toast.show(fileId ? t('classrooms:schedule.recording_added') : t('classrooms:schedule.recording_removed')),
        onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
        onSettled: done,
      },
    );

  const onJoin = (s: ClassSession) => {
    // The tab is opened on the click itself (pop-up blockers allow that), then sent to the link.
    const win = window.open('', '_blank');
    if (win) win.opener = null;
    setJoining({ id: s.id });
    join.mutate(s.id, {
      onSuccess: (link) => {
        if (win && !win.closed) {
          win.location.replace(link.url);
          setJoining(null);
        } else {
          setJoining({ id: s.id, url: link.url });
        }
      },
      onError: () => win?.close(),
    });
  };

  return (
    <Box data-testid="schedule-tab" data-view={view}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          value={view}
          exclusive
          size="small"
          color="primary"
          onChange={(_, v: ScheduleView | null) => {
            if (!v) return;
            setView(v);
            setPage(1);
          }}
          aria-label={t('classrooms:schedule.view_label')}
        >
          <ToggleButton value="now" data-testid="schedule-upcoming" sx={{ px: 2 }}>
            {t('classrooms:schedule.upcoming')}
          </ToggleButton>
          <ToggleButton value="completed" data-testid="schedule-completed" sx={{ px: 2 }}>
            {t('classrooms:schedule.completed')}
          </ToggleButton>
        </ToggleButtonGroup>
        {manage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ session: null })} data-testid="create-session">
            {t('classrooms:schedule.create')}
          </Button>
        )}
      </Stack>

      {list.isLoading ? (
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : list.error && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !rows.length ? (
        <Card variant="outlined">
          <EmptyState icon={<EventBusyOutlinedIcon />} message={view === 'now' ? t('classrooms:schedule.empty_upcoming') : t('classrooms:schedule.empty_completed')} />
        </Card>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }} data-testid="session-list">
          {rows.map((s) => (
            <SessionCard
              key={s.id}
              session={s}
              manage={manage}
              joining={joining?.id === s.id && join.isPending}
              joinError={joining?.id === s.id ? join.error : null}
              joinUrl={joining?.id === s.id ? joining.url : undefined}
              onJoin={() => onJoin(s)}
              onEdit={() => setEditing({ session: s })}
              onDelete={() => setRemoving(s)}
              onChat={() => setChatting(s)}
              onResults={manage ? () => setResults(s) : undefined}
              onAddRecording={() => setPicking(s)}
              onRemoveRecording={() => setUnrecording(s)}
              recordingBusy={recording.isPending && recording.variables?.sessionId === s.id}
            />
          ))}
        </Stack>
      )}
      <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={setPage} size="small" />

      {manage && <SessionDialog open={!!editing} classroomId={classroom.id} session={editing?.session ?? null} onClose={() => setEditing(null)} />}
      {chatting && <SessionChatDialog session={chatting} onClose={() => setChatting(null)} />}
      {manage && results && (
        <Suspense fallback={null}>
          <SessionResultsDialog session={results} onClose={() => setResults(null)} />
        </Suspense>
      )}
      {manage && picking !== undefined && (
        <Suspense fallback={null}>
          <FilePickerDialog
            open={!!picking}
            onClose={() => setPicking(null)}
            type="video"
            allowLinks
            title={t('classrooms:schedule.recording_picker')}
            onPick={(file) => {
              if (!picking) return;
              setRecording(picking, file.id);
              setPicking(null);
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!unrecording}
        title={t('classrooms:schedule.remove_recording_title')}
        body={t('classrooms:schedule.remove_recording_body')}
        confirmLabel={t('classrooms:schedule.remove_recording')}
        danger
        busy={recording.isPending}
        onConfirm={() => unrecording && setRecording(unrecording, null, () => setUnrecording(null))}
        onClose={() => !recording.isPending && setUnrecording(null)}
      />
      <ConfirmDialog
        open={!!removing}
        title={t('classrooms:schedule.delete_title')}
        body={t('classrooms:schedule.delete_body')}
        confirmLabel={t('classrooms:schedule.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing, {
            onSuccess: () => toast.show(t('classrooms:schedule.deleted')),
            onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
            onSettled: () => setRemoving(null),
          });
        }}
        onClose={() => !remove.isPending && setRemoving(null)}
      />
    </Box>
  );
}

export interface SessionCardProps {
  session: ClassSession;
  manage: boolean;
  joining?: boolean;
  /** The server's refusal of the last Join (422 `session_not_open`), shown on the card. */
  joinError?: unknown;
  /** The joining link, when the new tab could not be opened by itself. */
  joinUrl?: string;
  onJoin: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the session's chat (live and completed sessions). */
  onChat?: () => void;
  /** Teachers and admins: the session's quiz results. */
  onResults?: () => void;
  /** Teachers and admins: choose the recording, or take it off. */
  onAddRecording?: () => void;
  onRemoveRecording?: () => void;
  recordingBusy?: boolean;
}

export function SessionCard({ session: s, manage, joining = false, joinError, joinUrl, onJoin, onEdit, onDelete, onChat, onResults, onAddRecording, onRemoveRecording, recordingBusy = false }: SessionCardProps) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const errorText = useErrorText();
  const title = sessionTitle(s, lang) || t('classrooms:schedule.untitled');
  const open = s.state !== 'completed';
  const begun = s.state !== 'upcoming';
  const watch = fileHref(s.recording);
  const made = begun ? providerRecordingLinks(s) : [];
  const madeLabel = (r: (typeof made)[number]) => {
    const platform = t(`classrooms:platforms.${r.provider}`);
    return r.n ? t('classrooms:schedule.watch_provider_recording_n', { platform, n: formatNumber(r.n, lang) }) : t('classrooms:schedule.watch_provider_recording', { platform });
  };
  return (
    <Card component="li" variant="outlined" data-testid="session-card" data-session-id={s.id} data-state={s.state} sx={s.state === 'live' ? { borderColor: 'error.main' } : undefined}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }} data-testid="session-title" data-user-content>
            {title}
          </Typography>
          <SessionStateChip state={s.state} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="session-when">
          {formatLongDay(s.starts_at, lang)} · {formatClockRange(s.starts_at, s.ends_at, lang)} · {t('classrooms:schedule.minutes', { count: s.duration_minutes, n: formatNumber(s.duration_minutes, lang) })}
        </Typography>
        {manage && s.state === 'completed' && s.present !== null && (
          <Typography variant="body2" color="text.secondary" data-testid="session-present">
            {t('classrooms:schedule.present', { count: s.present, n: formatNumber(s.present, lang) })}
          </Typography>
        )}
        {s.description && (
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-user-content>
            {s.description}
          </Typography>
        )}
        {!!joinError && (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="join-error">
            {errorText(joinError)}
          </Alert>
        )}
        {joinUrl && (
          <Alert severity="info" sx={{ mt: 1.5 }} data-testid="join-fallback">
            <Link href={joinUrl} target="_blank" rel="noopener noreferrer">
              {t('classrooms:schedule.open_meeting')}
            </Link>
          </Alert>
        )}
      </CardContent>
      {(open || manage || watch || made.length > 0 || (begun && onChat)) && (
        <CardActions disableSpacing sx={{ px: { xs: 1.5, sm: 2 }, pb: 1.5, pt: 0, flexWrap: 'wrap', gap: 1 }}>
          {open && (
            <Button
              variant={s.state === 'live' ? 'contained' : 'outlined'}
              color={s.state === 'live' ? 'error' : 'primary'}
              startIcon={<VideocamOutlinedIcon />}
              onClick={onJoin}
              disabled={joining}
              aria-label={`${t('classrooms:schedule.join')}: ${title}`}
              data-testid="join-session"
            >
              {joining ? t('classrooms:schedule.joining') : t('classrooms:schedule.join')}
            </Button>
          )}
          {watch && (
            <Button
              variant="outlined"
              startIcon={<PlayCircleOutlineIcon />}
              href={watch}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${t('classrooms:schedule.watch_recording')}: ${title}`}
              data-testid="watch-recording"
            >
              {t('classrooms:schedule.watch_recording')}
            </Button>
          )}
          {made.map((r) => (
            <Button
              key={r.url}
              variant="outlined"
              startIcon={<PlayCircleOutlineIcon />}
              href={r.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${madeLabel(r)}: ${title}`}
              data-testid="watch-provider-recording"
              data-provider={r.provider}
            >
              {madeLabel(r)}
            </Button>
          ))}
          {begun && onChat && (
            <Button startIcon={<ChatBubbleOutlineIcon />} onClick={onChat} aria-label={`${t('classrooms:chat.open')}: ${title}`} data-testid="open-chat">
              {t('classrooms:chat.open')}
            </Button>
          )}
          {manage && onResults && (
            <Button startIcon={<AssessmentOutlinedIcon />} onClick={onResults} aria-label={`${t('classrooms:schedule.results')}: ${title}`} data-testid="open-results">
              {t('classrooms:schedule.results')}
            </Button>
          )}
          {manage && begun && !s.recording && onAddRecording && (
            <Button size="small" startIcon={<VideoCallOutlinedIcon />} onClick={onAddRecording} disabled={recordingBusy} aria-label={`${t('classrooms:schedule.add_recording')}: ${title}`} data-testid="add-recording">
              {t('classrooms:schedule.add_recording')}
            </Button>
          )}
          {manage && s.recording && onRemoveRecording && (
            <Button size="small" startIcon={<VideocamOffOutlinedIcon />} onClick={onRemoveRecording} disabled={recordingBusy} aria-label={`${t('classrooms:schedule.remove_recording')}: ${title}`} data-testid="remove-recording">
              {t('classrooms:schedule.remove_recording')}
            </Button>
          )}
          {manage && (
            <>
              <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} aria-label={`${t('classrooms:schedule.edit')}: ${title}`} data-testid="edit-session">
                {t('classrooms:schedule.edit')}
              </Button>
              <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete} aria-label={`${t('classrooms:schedule.delete')}: ${title}`} data-testid="delete-session">
                {t('classrooms:schedule.delete')}
              </Button>
            </>
          )}
        </CardActions>
      )}
    </Card>
  );
}
