// Attendance tab: who sat the exam on a day (in a hall, or online at a set time). A batch and a
// date, then a row per learner marked present or absent, with a hint of who started an attempt
// that day. Save sends only the marks set here. A list, not a table: rows stack at 360 px.
import { Box, Button, Card, Chip, Paper, Skeleton, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { dhakaToday } from '../../contents/hooks/content-journey';
import type { Course } from '../../courses/api/courses-api';
import { BatchesFirst, BatchSelect, useBatchChoice } from '../../courses/components/batch-select';
import { useBatches } from '../../courses/hooks/use-courses';
import type { AttendanceRow, AttendanceSheet } from '../api/certificate-exams-api';
import { attendanceBody, attendanceCounts, isDay, markOf, type Marks } from '../hooks/attendance';
import { EXAM_KIND } from '../hooks/exam-kind';
import { saveAttendanceMutation, useAttendance } from '../hooks/use-certificate-exams';

export function AttendanceTab({ course }: { course: Course }) {
  const { t } = useTranslation(['courses', 'common']);
  const batches = useBatches(course.id);
  const list = batches.data ?? [];
  const [batchId, setBatchId] = useBatchChoice(list);
  // Today on the server's calendar (Dhaka), the day an exam is usually marked.
  const [date, setDate] = useState(() => dhakaToday());
  const sheet = useAttendance(batchId, date);

  if (batches.isLoading) return <Skeleton variant="rounded" height={260} />;
  if (batches.isError) return <ErrorState error={batches.error} onRetry={() => batches.refetch()} />;
  if (!batchId) return <BatchesFirst icon={<EventAvailableOutlinedIcon />} message={t('courses:people.no_batches')} to={`${EXAM_KIND.editPath(course)}/batches`} />;
  return (
    <Box data-testid="attendance-tab">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <BatchSelect id="attendance-batch" batches={list} value={batchId} onChange={setBatchId} />
        {/* Kept as typed: a date input is empty while a part of the date is missing. */}
        <TextField type="date" size="small" id="attendance-date" label={t('courses:certificate_exams.attendance.date')} value={date} onChange={(e) => setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      {!isDay(date) ? (
        <Typography color="text.secondary">{t('courses:certificate_exams.attendance.choose_date')}</Typography>
      ) : sheet.isLoading ? (
        <Skeleton variant="rounded" height={220} />
      ) : sheet.isError || !sheet.data ? (
        <ErrorState error={sheet.error} onRetry={() => sheet.refetch()} />
      ) : (
        // Keyed: another batch or day starts with no marks set.
        <AttendanceForm key={`${batchId}:${date}`} batchId={batchId} date={date} sheet={sheet.data} />
      )}
    </Box>
  );
}

export function AttendanceForm({ batchId, date, sheet }: { batchId: number; date: string; sheet: AttendanceSheet }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [marks, setMarks] = useState<Marks>({});
  const save = useMutation(saveAttendanceMutation(qc, batchId));
  const { rows } = sheet;
  const body = attendanceBody(date, rows, marks);
  const counts = attendanceCounts(rows, marks);

  if (rows.length === 0) {
    return (
      <Card>
        <EmptyState icon={<EventAvailableOutlinedIcon />} message={t('courses:certificate_exams.attendance.empty')} />
      </Card>
    );
  }
  const submit = () =>
    save.mutate(body, {
      // The sheet now holds the saved marks (the mutation put the answer in the cache).
      onSuccess: () => {
        setMarks({});
        toast.show(t('courses:certificate_exams.attendance.saved'));
      },
      // 422: the field errors are the server's translated words (`rows` invalid_choice, `date` invalid_date).
      onError: (err) => {
        const problems = Object.values(fieldErrorsOf(err));
        toast.show(problems.length ? problems.join(' ') : errorText(err), { severity: 'error', duration: 5000 });
      },
    });
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" role="status" sx={{ flexGrow: 1 }} data-testid="attendance-counts">
          {t('courses:certificate_exams.attendance.counts', { present: formatNumber(counts.present, lang), absent: formatNumber(counts.absent, lang), unmarked: formatNumber(counts.unmarked, lang) })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" startIcon={<DoneAllIcon />} disabled={save.isPending} onClick={() => setMarks(Object.fromEntries(rows.map((r) => [r.enrollment_id, true])))} data-testid="attendance-all-present">
            {t('courses:certificate_exams.attendance.all_present')}
          </Button>
          <Button variant="contained" disabled={body.rows.length === 0 || save.isPending} onClick={submit} data-testid="attendance-save">
            {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </Stack>
      </Stack>
      <Paper variant="outlined" component="ul" aria-label={t('courses:certificate_exams.attendance.learners')} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="attendance-list">
        {rows.map((row) => (
          <AttendanceItem key={row.enrollment_id} row={row} mark={markOf(row, marks)} disabled={save.isPending} onMark={(present) => setMarks((m) => ({ ...m, [row.enrollment_id]: present }))} />
        ))}
      </Paper>
    </>
  );
}

/** A row of a sheet (a training session's too: without the exam's hint), marked present or absent. */
export function AttendanceItem({ row, mark, disabled, onMark }: { row: Pick<AttendanceRow, 'enrollment_id' | 'name'> & { started_exam?: boolean }; mark: boolean | null; disabled: boolean; onMark: (present: boolean) => void }) {
  const { t } = useTranslation('courses');
  const state = mark === null ? 'unmarked' : mark ? 'present' : 'absent';
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ p: 1.5, alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
      data-testid="attendance-row"
      data-enrollment={row.enrollment_id}
      data-mark={state}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
          {row.name}
        </Typography>
        <Stack direction="row" sx={{ mt: 0.5, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {mark === null && (
            <Typography variant="body2" color="text.secondary">
              {t('certificate_exams.attendance.not_marked')}
            </Typography>
          )}
          {row.started_exam && <Chip size="small" color="info" variant="outlined" label={t('certificate_exams.attendance.started_exam')} data-testid="attendance-started" />}
        </Stack>
      </Box>
      {/* Pressing the chosen button again keeps it: a mark cannot be taken back, only changed. */}
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mark === null ? null : state}
        disabled={disabled}
        onChange={(_e, v: 'present' | 'absent' | null) => v && onMark(v === 'present')}
        aria-label={t('certificate_exams.attendance.mark_of', { name: row.name })}
        sx={{ flexShrink: 0, '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' }, px: 2 } }}
      >
        <ToggleButton value="present" color="success" aria-label={t('certificate_exams.attendance.present_named', { name: row.name })}>
          {t('certificate_exams.attendance.present')}
        </ToggleButton>
        <ToggleButton value="absent" color="error" aria-label={t('certificate_exams.attendance.absent_named', { name: row.name })}>
          {t('certificate_exams.attendance.absent')}
        </ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}
