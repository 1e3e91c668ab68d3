// Batches tab: the course's batches (featured order, then newest) with their dates, limit and
// enrolment counts, restricted or not; publish / feature switches; create, edit, clone, delete;
// order with up / down.
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  IconButton,
  Skeleton,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import StarIcon from '@mui/icons-material/Star';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDay, localName } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { cloneBatch, deleteBatch, orderBatches, setBatchPublishFeature, type Batch, type Course } from '../api/courses-api';
import { moveInList } from '../hooks/batch-form';
import type { CourseKind } from '../hooks/course-kind';
import { courseKeys, useBatches } from '../hooks/use-courses';
import { BatchDialog } from './batch-dialog';

export function CourseBatchesTab({ course, kind }: { course: Course; kind: CourseKind }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const key = courseKeys.batches(course.id);
  const query = useBatches(course.id);
  const batches = query.data ?? [];
  const [dialog, setDialog] = useState<{ batch: Batch | null } | null>(null);
  const [confirm, setConfirm] = useState<Batch | null>(null);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: kind.oneKey(course) });
  };
  const patchLocal = (id: number, patch: Partial<Batch>) => qc.setQueryData<Batch[]>(key, (old) => old?.map((b) => (b.id === id ? { ...b, ...patch } : b)));

  const toggle = useMutation({
    mutationFn: (v: { batch: Batch; published?: boolean; featured?: boolean }) => setBatchPublishFeature({ id: v.batch.id, published: v.published, featured: v.featured }),
    onMutate: ({ batch, ...patch }) => {
      const prev = qc.getQueryData<Batch[]>(key);
      patchLocal(batch.id, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
      return { prev };
    },
    onSuccess: (saved, v) => {
      patchLocal(saved.id, saved);
      const name = localName(saved, lang);
      toast.show(
        v.published !== undefined
          ? t(saved.published ? 'courses:batches.published_on' : 'courses:batches.published_off', { name })
          : t(saved.featured ? 'courses:batches.featured_on' : 'courses:batches.featured_off', { name }),
      );
      refresh();
    },
    onError: (err, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
      toast.show(errorText(err), { severity: 'error' });
    },
  });

  const order = useMutation({
    mutationFn: (next: Batch[]) => orderBatches({ course_id: course.id, ids: next.map((b) => b.id) }),
    onMutate: (next) => {
      const prev = qc.getQueryData<Batch[]>(key);
      qc.setQueryData(key, next);
      return { prev };
    },
    onSuccess: (saved) => {
      if (saved.length) qc.setQueryData(key, saved);
    },
    onError: (err, _n, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
      toast.show(errorText(err), { severity: 'error' });
    },
  });

  const clone = useMutation({
    mutationFn: (b: Batch) => cloneBatch(b.id),
    onSuccess: (copy) => {
      toast.show(t('courses:batches.cloned', { name: localName(copy, lang) }));
      refresh();
    },
    onError: (err) => toast.show(errorText(err), { severity: 'error' }),
  });

  const remove = useMutation({
    mutationFn: (b: Batch) => deleteBatch(b.id),
    onSuccess: (_r, b) => {
      qc.setQueryData<Batch[]>(key, (old) => old?.filter((x) => x.id !== b.id));
      setConfirm(null);
      toast.show(t('courses:batches.deleted', { name: localName(b, lang) }));
      refresh();
    },
    onError: (err) => {
      setConfirm(null);
      toast.show(errorText(err), { severity: 'error', duration: 5000 });
    },
  });

  if (query.isLoading) return <Skeleton variant="rounded" height={260} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;

  const moveBy = (b: Batch, delta: -1 | 1) => {
    const next = moveInList(batches, b.id, delta);
    if (next) order.mutate(next);
  };

  return (
    <Box data-testid="batches-tab">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {t('courses:batches.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('courses:batches.subtitle')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ batch: null })} data-testid="create-batch">
          {t('courses:batches.create')}
        </Button>
      </Stack>

      {batches.length === 0 ? (
        <Card>
          <EmptyState
            icon={<GroupsOutlinedIcon />}
            message={t('courses:batches.empty')}
            action={
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ batch: null })}>
                {t('courses:batches.create_first')}
              </Button>
            }
          />
        </Card>
      ) : (
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {batches.map((b, i) => {
            const name = localName(b, lang) || t('courses:batches.untitled');
            const busy = toggle.isPending && toggle.variables?.batch.id === b.id;
            return (
              <Card key={b.id} component="li" data-testid="batch-row" data-batch-id={b.id}>
                <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
                  <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, wordBreak: 'break-word' }} data-testid="batch-name">
                          {name}
                        </Typography>
                        {b.featured && <Chip size="small" color="secondary" icon={<StarIcon />} label={t('courses:status.featured')} />}
                        <Chip size="small" variant="outlined" label={t(`courses:batches.let_enroll.${b.let_enroll}`)} />
                        {b.restricted && <Chip size="small" color="warning" variant="outlined" label={t('courses:batches.restricted_chip')} data-testid="batch-restricted-chip" />}
                        <Chip
                          size="small"
                          variant="outlined"
                          color={b.price_poisha ? 'primary' : 'success'}
                          label={b.price_poisha ? formatTaka(b.price_poisha, lang) : t('courses:batches.free')}
                          data-testid="batch-price"
                        />
                      </Stack>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        {b.end_date
                          ? t('courses:batches.dates', { start: formatDay(b.start_date, lang), end: formatDay(b.end_date, lang) })
                          : t('courses:batches.from', { start: formatDay(b.start_date, lang) })}
                      </Typography>
                      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                        <Typography variant="body2">
                          {b.enrolment_limit != null
                            ? t('courses:batches.enrolled_of', { n: formatNumber(b.enrolled_count ?? 0, lang), limit: formatNumber(b.enrolment_limit, lang) })
                            : t('courses:batches.enrolled', { n: formatNumber(b.enrolled_count ?? 0, lang) })}
                        </Typography>
                        {(b.pending_count ?? 0) > 0 && (
                          <Typography variant="body2" color="warning.main" sx={{ fontWeight: 600 }}>
                            {t('courses:batches.pending', { n: formatNumber(b.pending_count, lang) })}
                          </Typography>
                        )}
                      </Stack>
                    </Box>
                    <Stack spacing={0.5} sx={{ alignItems: { md: 'flex-end' }, flexShrink: 0 }}>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        <FormControlLabel
                          control={<Switch size="small" checked={b.published} disabled={busy} onChange={(e) => toggle.mutate({ batch: b, published: e.target.checked })} slotProps={{ input: { 'aria-label': t('courses:batches.publish_named', { name }) } }} />}
                          label={t('courses:edit.published')}
                          data-testid="batch-publish"
                        />
                        <FormControlLabel
                          control={<Switch size="small" checked={b.featured} disabled={busy} onChange={(e) => toggle.mutate({ batch: b, featured: e.target.checked })} slotProps={{ input: { 'aria-label': t('courses:batches.feature_named', { name }) } }} />}
                          label={t('courses:edit.featured')}
                        />
                      </Stack>
                      <Stack direction="row" spacing={0.25}>
                        <Action label={t('courses:batches.move_up', { name })} disabled={i === 0 || order.isPending} onClick={() => moveBy(b, -1)}>
                          <ArrowUpwardIcon fontSize="small" />
                        </Action>
                        <Action label={t('courses:batches.move_down', { name })} disabled={i === batches.length - 1 || order.isPending} onClick={() => moveBy(b, 1)}>
                          <ArrowDownwardIcon fontSize="small" />
                        </Action>
                        <Action label={t('courses:batches.edit_named', { name })} onClick={() => setDialog({ batch: b })}>
                          <EditOutlinedIcon fontSize="small" />
                        </Action>
                        <Action label={t('courses:batches.clone_named', { name })} disabled={clone.isPending} onClick={() => clone.mutate(b)}>
                          <ContentCopyIcon fontSize="small" />
                        </Action>
                        <Action label={t('courses:batches.delete_named', { name })} onClick={() => setConfirm(b)} danger>
                          <DeleteOutlineIcon fontSize="small" />
                        </Action>
                      </Stack>
                    </Stack>
                  </Stack>
                </CardContent>
              </Card>
            );
          })}
        </Stack>
      )}

      <BatchDialog
        open={!!dialog}
        courseId={course.id}
        batch={dialog?.batch ?? null}
        onClose={() => setDialog(null)}
        onSaved={(saved, created) => {
          qc.setQueryData<Batch[]>(key, (old) => (created ? [...(old ?? []), saved] : old?.map((b) => (b.id === saved.id ? saved : b))));
          setDialog(null);
          toast.show(created ? t('courses:batches.created') : t('courses:batches.saved'));
          refresh();
        }}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('courses:batches.delete_title')}
        body={confirm ? t('courses:batches.delete_body', { name: localName(confirm, lang) }) : ''}
        confirmLabel={t('courses:actions.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm)}
        onClose={() => !remove.isPending && setConfirm(null)}
      />
    </Box>
  );
}

function Action(props: { label: string; onClick: () => void; disabled?: boolean; danger?: boolean; children: React.ReactNode }) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton size="small" aria-label={props.label} disabled={props.disabled} color={props.danger ? 'error' : 'default'} onClick={props.onClick}>
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
