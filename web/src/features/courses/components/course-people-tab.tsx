// People tab: pick a batch, see its enrolments (status filter, progress, certificate), approve
// pending ones, issue or revoke certificates (certificate-actions.tsx), and add a learner by e-mail.
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  LinearProgress,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  type ChipProps,
} from '@mui/material';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDay, localName } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { approveEnrolment } from '../../../lib/authoring-api';
import { attachLearner, type Course, type Enrolment, type EnrolmentStatus } from '../api/courses-api';
import { courseKeys, useBatches, useEnrolments } from '../hooks/use-courses';
import { BatchesFirst, BatchSelect, useBatchChoice } from './batch-select';
import { CertificateActions, CertificateChip } from './certificate-actions';

const STATUSES: EnrolmentStatus[] = ['pending', 'active', 'completed'];
const STATUS_CHIP: Record<string, ChipProps['color']> = { pending: 'warning', active: 'info', completed: 'success' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function CoursePeopleTab({ course }: { course: Course }) {
  const { t } = useTranslation(['courses', 'common']);
  const batches = useBatches(course.id);
  const list = batches.data ?? [];
  const [batchId, setBatchId] = useBatchChoice(list);
  const [status, setStatus] = useState<EnrolmentStatus | ''>('');
  const [page, setPage] = useState(1);

  const enrolments = useEnrolments(batchId, page, status);

  if (batches.isLoading) return <Skeleton variant="rounded" height={260} />;
  if (batches.isError) return <ErrorState error={batches.error} onRetry={() => batches.refetch()} />;
  if (list.length === 0) return <BatchesFirst icon={<GroupsOutlinedIcon />} message={t('courses:people.no_batches')} to={`/course/edit/${course.id}/batches`} />;

  const rows = enrolments.data?.data ?? [];
  return (
    <Box data-testid="people-tab">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <BatchSelect
          id="people-batch"
          batches={list}
          value={batchId}
          onChange={(id) => {
            setBatchId(id);
            setPage(1);
          }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          onChange={(_, v: EnrolmentStatus | '' | null) => {
            if (v === null) return;
            setStatus(v);
            setPage(1);
          }}
          aria-label={t('courses:people.filter')}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="">{t('courses:people.all')}</ToggleButton>
          {STATUSES.map((s) => (
            <ToggleButton key={s} value={s}>
              {t(`courses:people.status.${s}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>

      {batchId && <AddLearnerForm batchId={batchId} />}

      {enrolments.isLoading ? (
        <Skeleton variant="rounded" height={220} />
      ) : enrolments.isError ? (
        <ErrorState error={enrolments.error} onRetry={() => enrolments.refetch()} />
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState icon={<GroupsOutlinedIcon />} message={status ? t('courses:people.empty_status', { status: t(`courses:people.status.${status}`) }) : t('courses:people.empty')} />
        </Card>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('courses:people.total', { count: enrolments.data?.total ?? rows.length })}
          </Typography>
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, opacity: enrolments.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((e) => (
              <EnrolmentRow key={e.enrollment_id} enrolment={e} batchId={batchId!} />
            ))}
          </Stack>
          <Pager page={page} lastPage={enrolments.data?.last_page ?? 1} onChange={setPage} size="small" />
        </>
      )}
    </Box>
  );
}

function AddLearnerForm({ batchId }: { batchId: number }) {
  const { t } = useTranslation(['courses', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const add = useMutation({
    mutationFn: () => attachLearner({ batch_id: batchId, email: email.trim() }),
    onSuccess: () => {
      toast.show(t('courses:people.added', { email: email.trim() }));
      setEmail('');
      setTouched(false);
      void qc.invalidateQueries({ queryKey: courseKeys.enrolments(batchId) });
      void qc.invalidateQueries({ queryKey: ['courses', 'batches'] });
    },
  });
  const invalid = touched && !EMAIL.test(email.trim());
  const serverField = fieldErrorsOf(add.error).email;
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (EMAIL.test(email.trim()) && !add.isPending) add.mutate();
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              id="attach-email"
              type="email"
              size="small"
              fullWidth
              label={t('courses:people.add_email')}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (add.error) add.reset();
              }}
              error={invalid || !!serverField}
              helperText={invalid ? t('common:form.email_invalid') : serverField ?? t('courses:people.add_hint')}
              slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
            />
            <Button
              type="submit"
              variant="contained"
              startIcon={add.isPending ? <CircularProgress size={16} color="inherit" /> : <PersonAddAltOutlinedIcon />}
              disabled={add.isPending}
              sx={{ flexShrink: 0, whiteSpace: 'nowrap', height: 40 }}
            >
              {t('courses:people.add')}
            </Button>
          </Stack>
          {add.error && !serverField && (
            <Alert severity="error" sx={{ mt: 1.5 }}>
              {errorText(add.error)}
            </Alert>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function EnrolmentRow({ enrolment: e, batchId }: { enrolment: Enrolment; batchId: number }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const name = localName(e.user, lang);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: courseKeys.enrolments(batchId) });
    void qc.invalidateQueries({ queryKey: ['courses', 'batches'] });
  };
  const approve = useMutation({
    mutationFn: () => approveEnrolment(e.enrollment_id),
    onSuccess: () => {
      toast.show(t('courses:people.approved', { name }));
      refresh();
    },
    onError: (err) => toast.show(errorText(err), { severity: 'error' }),
  });
  const percent = Math.max(0, Math.min(100, Math.round(e.progress_percent ?? 0)));
  const cert = e.certificate;
  return (
    <Card component="li" data-testid="enrolment-row" data-status={e.status}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flexGrow: 1 }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36 }}>{name.slice(0, 1).toUpperCase()}</Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {e.user.email}
              </Typography>
              {e.enrolled_at && (
                <Typography variant="caption" color="text.secondary">
                  {t('courses:people.enrolled_at', { date: formatDay(e.enrolled_at, lang) })}
                </Typography>
              )}
            </Box>
          </Stack>
          <Box sx={{ width: { xs: '100%', md: 180 }, flexShrink: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Chip size="small" color={STATUS_CHIP[e.status] ?? 'default'} label={t(`courses:people.status.${e.status}`, { defaultValue: e.status })} />
              <Typography variant="body2">{t('courses:people.percent', { n: formatNumber(percent, lang) })}</Typography>
            </Stack>
            <LinearProgress variant="determinate" value={percent} aria-label={t('courses:people.progress_of', { name })} />
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', flexShrink: 0, justifyContent: { md: 'flex-end' }, minWidth: { md: 240 } }}>
            {cert ? (
              <CertificateChip status={cert.status} title={cert.tracking_code} />
            ) : (
              <Typography variant="caption" color="text.secondary">
                {t('courses:people.certificate.none')}
              </Typography>
            )}
            {e.status === 'pending' && (
              <Button size="small" variant="contained" onClick={() => approve.mutate()} disabled={approve.isPending} data-testid="approve-enrolment">
                {t('courses:people.approve')}
              </Button>
            )}
            {(cert || e.status === 'completed') && <CertificateActions enrollmentId={e.enrollment_id} name={name} status={cert?.status ?? null} />}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
