// A class's attendance, for teachers and admins: one session (a live one, else the latest
// completed, else the next; any from the completed and upcoming lists), a checklist of its joined
// students with who was present (students who joined through the class's link are marked by
// themselves, and on BigBlueButton and Zoom those the meeting service saw in the room: "Seen in the
// meeting"), with when each joined and left, "All present" and "Clear", Save (the ids of those
// ticked are present, the others absent), and the session's sheet: an Excel file (the main
// button), or a CSV file.
import { Alert, Box, Button, ButtonGroup, Card, Checkbox, CircularProgress, Divider, FormControlLabel, ListSubheader, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { downloadAttendance, type AttendanceRow, type Classroom, type ClassSession, type SheetFormat } from '../api/classrooms-api';
import { formatClockRange, formatInstant, formatLeftAt, formatLongDay, isPresent, marksChanged, presentIds, sessionTitle, type Marks } from '../hooks/classroom-format';
import { ATTENDANCE_SESSIONS, saveAttendanceMutation, useAttendance, useSessions } from '../hooks/use-classrooms';

/** The session shown first: the one chosen, else a live one, else the latest completed, else the next. */
export function defaultSession(completed: readonly ClassSession[], now: readonly ClassSession[], chosen: number | null): ClassSession | null {
  const all = [...now, ...completed];
  return all.find((s) => s.id === chosen) ?? now.find((s) => s.state === 'live') ?? completed[0] ?? now[0] ?? null;
}

export function AttendanceTab({ classroom }: { classroom: Classroom }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const completed = useSessions(classroom.id, 'completed', 1, ATTENDANCE_SESSIONS);
  const now = useSessions(classroom.id, 'now', 1, ATTENDANCE_SESSIONS);
  const [chosen, setChosen] = useState<number | null>(null);
  const done = completed.data?.data ?? [];
  const coming = now.data?.data ?? [];
  const session = defaultSession(done, coming, chosen);

  if (completed.isLoading || now.isLoading) return <Skeleton variant="rounded" height={260} />;
  const failed = (completed.error && !completed.data) || (now.error && !now.data);
  if (failed) {
    return (
      <ErrorState
        error={completed.error ?? now.error}
        onRetry={() => {
          void completed.refetch();
          void now.refetch();
        }}
      />
    );
  }
  if (!session) {
    return (
      <Card variant="outlined" data-testid="attendance-tab">
        <EmptyState icon={<EventAvailableOutlinedIcon />} message={t('classrooms:attendance.no_sessions')} />
      </Card>
    );
  }
  const label = (s: ClassSession) => `${sessionTitle(s, lang) || t('classrooms:schedule.untitled')} · ${formatLongDay(s.starts_at, lang)}, ${formatClockRange(s.starts_at, s.ends_at, lang)}`;
  return (
    <Box data-testid="attendance-tab" data-session-id={session.id}>
      <TextField
        select
        id="attendance-session"
        label={t('classrooms:attendance.session')}
        value={session.id}
        onChange={(e) => setChosen(Number(e.target.value))}
        fullWidth
        sx={{ mb: 2, maxWidth: { md: 560 }, bgcolor: 'background.paper' }}
        slotProps={{ inputLabel: { shrink: true } }}
        data-testid="attendance-session"
      >
        {coming.length > 0 && <ListSubheader>{t('classrooms:attendance.now_group')}</ListSubheader>}
        {coming.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {label(s)}
          </MenuItem>
        ))}
        {done.length > 0 && <ListSubheader>{t('classrooms:attendance.completed_group')}</ListSubheader>}
        {done.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {label(s)}
          </MenuItem>
        ))}
      </TextField>
      <SessionSheet key={session.id} classroomId={classroom.id} session={session} />
    </Box>
  );
}

function SessionSheet({ classroomId, session }: { classroomId: number; session: ClassSession }) {
  const sheet = useAttendance(session.id);
  if (sheet.isLoading) return <Skeleton variant="rounded" height={220} />;
  if (sheet.error && !sheet.data) return <ErrorState error={sheet.error} onRetry={() => void sheet.refetch()} />;
  return <AttendanceSheet classroomId={classroomId} sessionId={session.id} rows={sheet.data ?? []} />;
}

/** The checklist of one session: a box per student, the count, All present / Clear, Save and the sheet (Excel or CSV). */
export function AttendanceSheet({ classroomId, sessionId, rows, initialMarks = {} }: { classroomId: number; sessionId: number; rows: readonly AttendanceRow[]; initialMarks?: Marks }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [marks, setMarks] = useState<Marks>(initialMarks);
  const save = useMutation(saveAttendanceMutation(qc, classroomId, sessionId));
  const [downloading, setDownloading] = useState<SheetFormat | null>(null);
  const present = presentIds(rows, marks);
  const dirty = marksChanged(rows, marks);
  const seen = rows.some((r) => r.source === 'provider');

  const setAll = (value: boolean) => setMarks(Object.fromEntries(rows.map((r) => [r.user_id, value])));
  const download = (format: SheetFormat) => {
    setDownloading(format);
    downloadAttendance(sessionId, format)
      .catch((err: unknown) => toast.show(errorText(err), { severity: 'error', duration: 5000 }))
      .finally(() => setDownloading(null));
  };
  const spinner = <CircularProgress size={14} color="inherit" />;

  return (
    <Card variant="outlined">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ p: { xs: 1.5, sm: 2 }, alignItems: { sm: 'center' }, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="attendance-count">
            {t('classrooms:attendance.count', { count: rows.length, present: formatNumber(present.length, lang), n: formatNumber(rows.length, lang) })}
          </Typography>
          {seen && (
            <Typography variant="body2" color="text.secondary" data-testid="attendance-seen-note">
              {t('classrooms:attendance.seen_note')}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button size="small" startIcon={<DoneAllIcon />} onClick={() => setAll(true)} disabled={!rows.length || save.isPending} data-testid="attendance-all">
            {t('classrooms:attendance.all_present')}
          </Button>
          <Button size="small" onClick={() => setAll(false)} disabled={!rows.length || save.isPending} data-testid="attendance-none">
            {t('classrooms:attendance.clear')}
          </Button>
          <ButtonGroup size="small" variant="outlined" disabled={!!downloading} aria-label={t('classrooms:attendance.download_label')}>
            <Button startIcon={downloading === 'xlsx' ? spinner : <DownloadIcon />} onClick={() => download('xlsx')} data-testid="attendance-download">
              {t('classrooms:attendance.download')}
            </Button>
            <Button
              startIcon={downloading === 'csv' ? spinner : undefined}
              onClick={() => download('csv')}
              aria-label={t('classrooms:attendance.download_csv')}
              data-testid="attendance-download-csv"
            >
              {t('classrooms:attendance.csv')}
            </Button>
          </ButtonGroup>
        </Stack>
      </Stack>
      <Divider />
      {!rows.length ? (
        <EmptyState icon={<PeopleOutlineIcon />} message={t('classrooms:attendance.no_students')} />
      ) : (
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Box component="legend" sx={visuallyHidden}>
            {t('classrooms:attendance.legend')}
          </Box>
          <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((r) => {
              const checked = isPresent(r, marks);
              return (
                <Box component="li" key={r.user_id} sx={{ px: { xs: 1, sm: 1.5 }, py: 0.5 }} data-testid="attendance-row" data-user-id={r.user_id} data-present={checked ? 'true' : 'false'}>
                  <FormControlLabel
                    sx={{ width: '100%', m: 0, alignItems: 'center' }}
                    control={
                      <Checkbox
                        checked={checked}
                        disabled={save.isPending}
                        onChange={(e) => setMarks((m) => ({ ...m, [r.user_id]: e.target.checked }))}
                        slotProps={{ input: { id: `attendance-${r.user_id}` } }}
                      />
                    }
                    label={
                      <Box sx={{ minWidth: 0 }}>
                        <Typography sx={{ overflowWrap: 'anywhere' }} data-user-content>
                          {r.name}
                        </Typography>
                        {(r.source === 'provider' || r.joined_at || r.left_at) && (
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }} data-testid="attendance-times">
                            {r.source === 'provider' && (
                              <Box component="span" sx={{ fontWeight: 600 }} data-testid="attendance-seen">
                                {t('classrooms:attendance.seen')}
                              </Box>
                            )}
                            {r.joined_at && <span data-testid="attendance-joined">{t('classrooms:attendance.joined_at', { time: formatInstant(r.joined_at, lang) })}</span>}
                            {r.left_at && <span data-testid="attendance-left">{t('classrooms:attendance.left_at', { time: formatLeftAt(r.joined_at, r.left_at, lang) })}</span>}
                          </Typography>
                        )}
                      </Box>
                    }
                  />
                </Box>
              );
            })}
          </Stack>
        </Box>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }} data-testid="attendance-error">
          {errorText(save.error)}
        </Alert>
      )}
      {rows.length > 0 && (
        <Stack direction="row" sx={{ p: { xs: 1.5, sm: 2 }, justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            disabled={!dirty || save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() =>
              save.mutate(present, {
                onSuccess: () => {
                  setMarks({});
                  toast.show(t('classrooms:attendance.saved'));
                },
              })
            }
            data-testid="attendance-save"
          >
            {save.isPending ? t('common:actions.saving') : t('classrooms:attendance.save')}
          </Button>
        </Stack>
      )}
    </Card>
  );
}
