// Trainees tab: the batch's trainees with the sessions they attended, their share and whether it
// earns the certificate (searched by name or e-mail, a page at a time); "Complete & issue
// certificates" for every eligible one; and the nominations: on a restricted batch the training
// cell lists its nominees (one by one or from a sheet), each invited by their own link, as a
// certificate exam lists its candidates.
import {
  Alert,
  Box,
  Button,
  CardContent,
  Chip,
  CircularProgress,
  InputAdornment,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchIcon from '@mui/icons-material/Search';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormSection } from '../../../components/ui/form-section';
import { ListCard } from '../../../components/ui/list-card';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { CandidatesList } from '../../certificate-exams/components/candidates-tab';
import { updateBatch, type Batch, type Course } from '../../courses/api/courses-api';
import { courseKeys } from '../../courses/hooks/use-courses';
import { completeBatch, type Trainee } from '../api/trainings-api';
import { formatPercent } from '../hooks/training-numbers';
import { trainingKeys, useTrainees, useTrainingBatch } from '../hooks/use-trainings';

const SEARCH_DELAY_MS = 350;

export function TraineesTab({ course, batch }: { course: Course; batch: Batch }) {
  return (
    <Stack spacing={2.5}>
      <TraineeList batch={batch} />
      <Nominations course={course} batch={batch} />
    </Stack>
  );
}

function TraineeList({ batch }: { batch: Batch }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const training = useTrainingBatch(batch.id);
  const [text, setText] = useState('');
  const [field, setField] = useState('');
  const [page, setPage] = useState(1);
  const list = useTrainees(batch.id, page, field);
  const [confirm, setConfirm] = useState(false);
  const [result, setResult] = useState<{ completed: number; not_eligible: number } | null>(null);

  useEffect(() => {
    const id = window.setTimeout(() => {
      setField(text.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [text]);

  const complete = useMutation({
    mutationFn: () => completeBatch(batch.id),
    onSuccess: (r) => {
      setConfirm(false);
      setResult(r);
      void qc.invalidateQueries({ queryKey: trainingKeys.trainees(batch.id) });
      void qc.invalidateQueries({ queryKey: trainingKeys.trained });
      void qc.invalidateQueries({ queryKey: courseKeys.certificates(batch.id) });
      void qc.invalidateQueries({ queryKey: courseKeys.batches(batch.course_id) });
    },
    onError: (err) => {
      setConfirm(false);
      toast.show(errorText(err), { severity: 'error', duration: 5000 });
    },
  });

  const rows = list.data?.data ?? [];
  const percent = training.data?.completion_percent;
  return (
    <FormSection title={t('trainings:trainees.title')}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <TextField
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('trainings:trainees.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('trainings:trainees.search'), type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flexGrow: 1, maxWidth: { md: 360 } }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} data-testid="trainees-rule">
          {percent != null && t('trainings:trainees.rule', { percent: formatPercent(percent, lang) })}
        </Typography>
        <Button variant="contained" startIcon={<TaskAltIcon />} onClick={() => setConfirm(true)} disabled={complete.isPending} data-testid="complete-batch">
          {t('trainings:trainees.complete')}
        </Button>
      </Stack>
      {result && (
        <Alert severity="success" onClose={() => setResult(null)} sx={{ mb: 2 }} role="status" data-testid="complete-result">
          {t('trainings:trainees.completed', { n: formatNumber(result.completed, lang), count: result.completed })}{' '}
          {t('trainings:trainees.not_eligible', { n: formatNumber(result.not_eligible, lang), count: result.not_eligible })}
        </Alert>
      )}
      <ListCard
        list={list}
        page={page}
        onPage={setPage}
        rowHeight={52}
        emptyIcon={<GroupsOutlinedIcon />}
        emptyMessage={field ? t('trainings:trainees.no_match', { search: field }) : t('trainings:trainees.empty')}
        table={
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('trainings:trainees.title')} sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('trainings:trainees.name')}</TableCell>
                  <TableCell align="right">{t('trainings:trainees.attended')}</TableCell>
                  <TableCell align="right">{t('trainings:trainees.percent')}</TableCell>
                  <TableCell>{t('trainings:trainees.eligible')}</TableCell>
                  <TableCell>{t('trainings:trainees.certificate')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.enrollment_id} data-testid="trainee-row" data-enrollment={r.enrollment_id} data-eligible={r.eligible}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }} data-user-content>
                        {r.name}
                      </Typography>
                      {r.email && (
                        <Typography variant="caption" color="text.secondary">
                          {r.email}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Attended trainee={r} />
                    </TableCell>
                    <TableCell align="right">{formatPercent(r.percent, lang)}</TableCell>
                    <TableCell>
                      <Standing trainee={r} />
                    </TableCell>
                    <TableCell>
                      <CertificateCode trainee={r} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        }
        cards={
          <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((r) => (
              <Box component="li" key={r.enrollment_id} sx={{ borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }} data-testid="trainee-row" data-enrollment={r.enrollment_id} data-eligible={r.eligible}>
                <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
                    {r.name}
                  </Typography>
                  {r.email && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {r.email}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    <Attended trainee={r} /> · {formatPercent(r.percent, lang)}
                  </Typography>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                    <Standing trainee={r} />
                    <CertificateCode trainee={r} />
                  </Stack>
                </CardContent>
              </Box>
            ))}
          </Stack>
        }
      />
      <ConfirmDialog
        open={confirm}
        title={t('trainings:trainees.complete_title')}
        body={t('trainings:trainees.complete_body', { percent: percent != null ? formatPercent(percent, lang) : '' })}
        confirmLabel={t('trainings:trainees.complete')}
        busy={complete.isPending}
        onConfirm={() => complete.mutate()}
        onClose={() => !complete.isPending && setConfirm(false)}
      />
    </FormSection>
  );
}

/** "5 of 8 sessions (6 held)". */
export function Attended({ trainee: r }: { trainee: Trainee }) {
  const { t, i18n } = useTranslation('trainings');
  const n = (v: number) => formatNumber(v, i18n.language);
  return <>{t('trainees.attended_of', { attended: n(r.attended), n: n(r.sessions), held: n(r.held), count: r.sessions })}</>;
}

/** Completed, eligible, or not yet. */
function Standing({ trainee: r }: { trainee: Trainee }) {
  const { t } = useTranslation('trainings');
  if (r.status === 'completed') return <Chip size="small" color="success" label={t('trainees.status_completed')} data-testid="trainee-standing" data-standing="completed" />;
  if (r.eligible) return <Chip size="small" color="info" variant="outlined" label={t('trainees.status_eligible')} data-testid="trainee-standing" data-standing="eligible" />;
  return <Chip size="small" variant="outlined" label={t('trainees.status_not_yet')} data-testid="trainee-standing" data-standing="not_yet" />;
}

/** The trainee's certificate code, leading to its check page; "None yet" without one. */
export function CertificateCode({ trainee: r }: { trainee: Trainee }) {
  const { t } = useTranslation('trainings');
  if (!r.certificate_code) return <Typography variant="body2" color="text.secondary">{t('trainees.no_certificate')}</Typography>;
  return (
    <Link component={RouterLink} to={`/certificate/check/${encodeURIComponent(r.certificate_code)}`} sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }} aria-label={t('trainees.certificate_named', { name: r.name })}>
      {r.certificate_code}
    </Link>
  );
}

/** Nominees of a restricted batch; on an open one, why there are none and the way to restrict it. */
function Nominations({ course, batch }: { course: Course; batch: Batch }) {
  const { t } = useTranslation(['trainings', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [confirm, setConfirm] = useState(false);
  const restrict = useMutation({
    mutationFn: () => updateBatch({ id: batch.id, restricted: true }),
    onSuccess: (saved) => {
      setConfirm(false);
      qc.setQueryData<Batch[]>(courseKeys.batches(course.id), (old) => old?.map((b) => (b.id === saved.id ? saved : b)));
      void qc.invalidateQueries({ queryKey: courseKeys.batches(course.id) });
      toast.show(t('trainings:nominations.restricted'));
    },
    onError: (err) => {
      setConfirm(false);
      toast.show(errorText(err), { severity: 'error', duration: 5000 });
    },
  });
  return (
    <FormSection title={t('trainings:nominations.title')}>
      {batch.restricted ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('trainings:nominations.hint')}
          </Typography>
          <CandidatesList batchId={batch.id} />
        </>
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid="nominations-open-batch">
          <Typography color="text.secondary">{t('trainings:nominations.open_batch')}</Typography>
          <Button variant="outlined" startIcon={restrict.isPending ? <CircularProgress size={16} color="inherit" /> : <LockOutlinedIcon />} disabled={restrict.isPending} onClick={() => setConfirm(true)} data-testid="restrict-batch">
            {t('trainings:nominations.restrict')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('trainings:nominations.restrict_title')}
        body={t('trainings:nominations.restrict_body')}
        confirmLabel={t('trainings:nominations.restrict')}
        busy={restrict.isPending}
        onConfirm={() => restrict.mutate()}
        onClose={() => !restrict.isPending && setConfirm(false)}
      />
    </FormSection>
  );
}
