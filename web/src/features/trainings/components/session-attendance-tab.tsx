// Attendance tab: one session of the batch (?session=, else the last one that has begun), a row per
// trainee marked present or absent (the certificate exams' rows), "All present", and Save, which
// sends the marks set here. The trainees' shares, the meals and the honoraria follow.
import { Alert, Box, Button, Card, MenuItem, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { AttendanceItem } from '../../certificate-exams/components/attendance-tab';
import type { Batch } from '../../courses/api/courses-api';
import { formatEventWhen, formatInstant } from '../../events/hooks/event-format';
import { saveSessionAttendance, type SessionAttendanceRow, type TrainingSession } from '../api/trainings-api';
import { allPresent, attendanceCounts, markOf, sessionAttendanceBody, type Marks } from '../hooks/session-attendance';
import { trainingKeys, useSessionAttendance, useTrainingBatch } from '../hooks/use-trainings';
import { sessionTitle } from './sessions-section';

/** The session shown: the one asked for, else the last that has begun, else the first. */
export function defaultSession(sessions: readonly TrainingSession[], wanted: number, now = Date.now()): TrainingSession | null {
  const asked = sessions.find((s) => s.id === wanted);
  if (asked) return asked;
  const begun = sessions.filter((s) => Date.parse(s.starts_at) <= now);
  return begun[begun.length - 1] ?? sessions[0] ?? null;
}

export function SessionAttendanceTab({ batch }: { batch: Batch }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const training = useTrainingBatch(batch.id);
  const [params, setParams] = useSearchParams();
  const sessions = training.data?.sessions ?? [];
  const session = defaultSession(sessions, Number(params.get('session')));
  const sheet = useSessionAttendance(session?.id ?? null);

  if (training.isLoading) return <Skeleton variant="rounded" height={260} />;
  if (training.isError) return <ErrorState error={training.error} onRetry={() => training.refetch()} />;
  if (!session) {
    return (
      <Card>
        <EmptyState icon={<EventAvailableOutlinedIcon />} message={t('trainings:attendance.no_sessions')} />
      </Card>
    );
  }
  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <TextField
          select
          size="small"
          id="attendance-session"
          label={t('trainings:attendance.session')}
          value={session.id}
          onChange={(e) =>
            setParams(
              (p) => {
                p.set('session', e.target.value);
                return p;
              },
              { replace: true },
            )
          }
          sx={{ minWidth: { md: 360 } }}
        >
          {sessions.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {`${sessionTitle(s, lang) || t('trainings:sessions.untitled')} · ${formatEventWhen(s.starts_at, s.ends_at, lang)}`}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" data-testid="attendance-taken">
          {session.attendance_taken_at ? t('trainings:attendance.taken_at', { when: formatInstant(session.attendance_taken_at, lang) }) : t('trainings:sessions.not_taken')}
        </Typography>
      </Stack>
      {sheet.isLoading ? (
        <Skeleton variant="rounded" height={220} />
      ) : sheet.isError || !sheet.data ? (
        <ErrorState error={sheet.error} onRetry={() => sheet.refetch()} />
      ) : (
        // Keyed: another session starts with no marks set.
        <SessionAttendanceForm key={session.id} batchId={batch.id} sessionId={session.id} rows={sheet.data} />
      )}
    </Box>
  );
}

export function SessionAttendanceForm({ batchId, sessionId, rows }: { batchId: number; sessionId: number; rows: readonly SessionAttendanceRow[] }) {
  const { t, i18n } = useTranslation(['trainings', 'courses', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [marks, setMarks] = useState<Marks>({});
  const body = sessionAttendanceBody(rows, marks);
  const counts = attendanceCounts(rows, marks);
  const changes = body.present.length + body.absent.length;
  const save = useMutation({
    mutationFn: () => saveSessionAttendance(sessionId, body),
    onSuccess: async () => {
      // The sheet read again holds the saved marks; then the ones set here can go.
      await qc.invalidateQueries({ queryKey: trainingKeys.attendance(sessionId) });
      setMarks({});
      for (const key of [trainingKeys.batch(batchId), trainingKeys.trainees(batchId), trainingKeys.facility(batchId), trainingKeys.honorarium(batchId)]) void qc.invalidateQueries({ queryKey: key });
      toast.show(t('trainings:attendance.saved'));
    },
    // 422 `present` not_a_trainee: the server's words.
    onError: (err) => {
      const problems = Object.values(fieldErrorsOf(err));
      toast.show(problems.length ? problems.join(' ') : errorText(err), { severity: 'error', duration: 5000 });
    },
  });

  if (rows.length === 0) {
    return (
      <Card>
        <EmptyState icon={<EventAvailableOutlinedIcon />} message={t('trainings:attendance.no_trainees')} />
      </Card>
    );
  }
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" role="status" sx={{ flexGrow: 1 }} data-testid="attendance-counts">
          {t('courses:certificate_exams.attendance.counts', { present: formatNumber(counts.present, lang), absent: formatNumber(counts.absent, lang), unmarked: formatNumber(counts.unmarked, lang) })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" startIcon={<DoneAllIcon />} disabled={save.isPending} onClick={() => setMarks(allPresent(rows))} data-testid="attendance-all-present">
            {t('courses:certificate_exams.attendance.all_present')}
          </Button>
          <Button variant="contained" disabled={changes === 0 || save.isPending} onClick={() => save.mutate()} data-testid="attendance-save">
            {save.isPending ? t('common:actions.saving') : changes ? t('trainings:attendance.save', { count: changes, n: formatNumber(changes, lang) }) : t('common:actions.save')}
          </Button>
        </Stack>
      </Stack>
      {changes > 0 && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('trainings:attendance.unsaved')}
        </Alert>
      )}
      <Paper variant="outlined" component="ul" aria-label={t('trainings:attendance.trainees')} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="attendance-list">
        {rows.map((row) => (
          <AttendanceItem key={row.enrollment_id} row={row} mark={markOf(row, marks)} disabled={save.isPending} onMark={(present) => setMarks((m) => ({ ...m, [row.enrollment_id]: present }))} />
        ))}
      </Paper>
    </>
  );
}
