// Candidates tab: the people listed in one of the exam's restricted batches, each enrolling through
// their own link. Search, add (the server sends the invitation), edit, delete, copy a link, and
// import a sheet of them. Without a restricted batch: how to make one.
import {
  Box,
  Button,
  CardContent,
  Chip,
  IconButton,
  InputAdornment,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { ListCard } from '../../../components/ui/list-card';
import { useToast } from '../../../components/ui/toast-provider';
import { copyText } from '../../../lib/copy-text';
import { formatDay } from '../../../lib/course-text';
import { useErrorText } from '../../../lib/use-error-text';
import type { Course } from '../../courses/api/courses-api';
import { BatchesFirst, BatchSelect, useBatchChoice } from '../../courses/components/batch-select';
import { useBatches } from '../../courses/hooks/use-courses';
import { deleteCandidate, type Candidate } from '../api/certificate-exams-api';
import { EXAM_KIND } from '../hooks/exam-kind';
import { examCourseKeys, useCandidates } from '../hooks/use-certificate-exams';
import { CandidateDialog } from './candidate-dialog';
import { CandidateImportDialog } from './candidate-import-dialog';

const SEARCH_DELAY_MS = 350;

export function CandidatesTab({ course }: { course: Course }) {
  const { t } = useTranslation(['courses', 'common']);
  const batches = useBatches(course.id);
  const restricted = (batches.data ?? []).filter((b) => b.restricted);
  const [batchId, setBatchId] = useBatchChoice(restricted);

  if (batches.isLoading) return <Skeleton variant="rounded" height={260} />;
  if (batches.isError) return <ErrorState error={batches.error} onRetry={() => batches.refetch()} />;
  if (!batchId) return <BatchesFirst icon={<HowToRegOutlinedIcon />} message={t('courses:certificate_exams.candidates.no_restricted')} to={`${EXAM_KIND.editPath(course)}/batches`} />;
  return (
    <Box data-testid="candidates-tab">
      <CandidatesList batchId={batchId} lead={<BatchSelect id="candidates-batch" batches={restricted} value={batchId} onChange={setBatchId} />} />
    </Box>
  );
}

/**
 * The candidates of one restricted batch (a certificate exam's, or a training's nominees): search,
 * add, edit, delete, copy a link, import a sheet. `lead`: what the toolbar starts with (a batch
 * select).
 */
export function CandidatesList({ batchId, lead }: { batchId: number; lead?: ReactNode }) {
  const { t } = useTranslation(['courses', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // Another batch starts on its first page.
  const [pageOf, setPageOf] = useState(batchId);
  if (pageOf !== batchId) {
    setPageOf(batchId);
    setPage(1);
  }
  const list = useCandidates(batchId, page, search);
  const [dialog, setDialog] = useState<{ candidate: Candidate | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [confirm, setConfirm] = useState<Candidate | null>(null);

  useEffect(() => {
    const id = window.setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [text]);

  const refresh = () => void qc.invalidateQueries({ queryKey: examCourseKeys.candidates(batchId) });
  const remove = useMutation({
    mutationFn: (c: Candidate) => deleteCandidate(c.id),
    onSuccess: (_r, c) => {
      setConfirm(null);
      toast.show(t('courses:certificate_exams.candidates.deleted', { name: c.name }));
      refresh();
    },
    // 409 candidate_enrolled: enrolled already, they stay.
    onError: (err) => {
      setConfirm(null);
      toast.show(errorText(err), { severity: 'error', duration: 5000 });
    },
  });

  const rows = list.data?.data ?? [];
  const actions = (c: Candidate) => <CandidateActions candidate={c} onEdit={() => setDialog({ candidate: c })} onDelete={() => setConfirm(c)} />;
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        {lead}
        <TextField
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('courses:certificate_exams.candidates.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('courses:certificate_exams.candidates.search'), type: 'search' },
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
        <Stack direction="row" spacing={1} sx={{ ml: { md: 'auto !important' } }}>
          <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} onClick={() => setImporting(true)} sx={{ flex: { xs: 1, md: 'none' } }} data-testid="import-candidates">
            {t('courses:certificate_exams.candidates.import')}
          </Button>
          <Button variant="contained" startIcon={<PersonAddAltOutlinedIcon />} onClick={() => setDialog({ candidate: null })} sx={{ flex: { xs: 1, md: 'none' } }} data-testid="add-candidate">
            {t('courses:certificate_exams.candidates.add')}
          </Button>
        </Stack>
      </Stack>

      <ListCard
        list={list}
        page={page}
        onPage={setPage}
        rowHeight={52}
        emptyMessage={search ? t('courses:certificate_exams.candidates.no_match', { search }) : t('courses:certificate_exams.candidates.empty')}
        table={
          <Table size="small" aria-label={t('courses:certificate_exams.candidates.title')} sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('courses:certificate_exams.candidates.name')}</TableCell>
                <TableCell>{t('courses:certificate_exams.candidates.email')}</TableCell>
                <TableCell>{t('courses:certificate_exams.candidates.phone')}</TableCell>
                <TableCell>{t('courses:certificate_exams.candidates.status')}</TableCell>
                <TableCell align="right">{t('courses:certificate_exams.candidates.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id} data-testid="candidate-row" data-candidate-id={c.id} data-link={c.link}>
                  <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
                    {c.name}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.email ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.phone ?? '—'}</TableCell>
                  <TableCell>
                    <CandidateStatus candidate={c} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(c)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        }
        cards={
          <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((c) => (
              <Box component="li" key={c.id} sx={{ borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }} data-testid="candidate-row" data-candidate-id={c.id} data-link={c.link}>
                <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
                    {c.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[c.email, c.phone].filter(Boolean).join(' · ')}
                  </Typography>
                  <Stack direction="row" sx={{ mt: 0.5, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                    <CandidateStatus candidate={c} />
                    <Box>{actions(c)}</Box>
                  </Stack>
                </CardContent>
              </Box>
            ))}
          </Stack>
        }
      />

      <CandidateDialog
        open={!!dialog}
        batchId={batchId}
        candidate={dialog?.candidate ?? null}
        onClose={() => setDialog(null)}
        onSaved={(saved, created) => {
          setDialog(null);
          toast.show(t(created ? 'courses:certificate_exams.candidates.added' : 'courses:certificate_exams.candidates.saved', { name: saved.name }));
          refresh();
        }}
      />
      <CandidateImportDialog
        open={importing}
        batchId={batchId}
        onClose={() => setImporting(false)}
        onImported={(added) => {
          setImporting(false);
          toast.show(t('courses:certificate_exams.import.done', { count: added }));
          refresh();
        }}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('courses:certificate_exams.candidates.delete_title')}
        body={confirm ? t('courses:certificate_exams.candidates.delete_body', { name: confirm.name }) : ''}
        confirmLabel={t('courses:actions.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm)}
        onClose={() => !remove.isPending && setConfirm(null)}
      />
    </>
  );
}


/** Enrolled (through their link), invited, or not yet invited. */
function CandidateStatus({ candidate: c }: { candidate: Candidate }) {
  const { t, i18n } = useTranslation('courses');
  const lang = i18n.language;
  if (c.enrolled_at) return <Chip size="small" color="success" label={t('certificate_exams.candidates.enrolled_on', { date: formatDay(c.enrolled_at, lang) })} data-testid="candidate-status" data-status="enrolled" />;
  if (c.invited_at) return <Chip size="small" variant="outlined" label={t('certificate_exams.candidates.invited_on', { date: formatDay(c.invited_at, lang) })} data-testid="candidate-status" data-status="invited" />;
  return <Chip size="small" variant="outlined" color="warning" label={t('certificate_exams.candidates.not_invited')} data-testid="candidate-status" data-status="listed" />;
}

function CandidateActions({ candidate: c, onEdit, onDelete }: { candidate: Candidate; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('courses');
  const toast = useToast();
  const action = (label: string, icon: React.ReactNode, onClick: () => void, testId: string, danger = false) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} color={danger ? 'error' : 'default'} onClick={onClick} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <>
      {action(
        t('certificate_exams.candidates.copy_link_named', { name: c.name }),
        <ContentCopyIcon fontSize="small" />,
        async () => {
          const ok = await copyText(c.link);
          toast.show(ok ? t('certificate_exams.candidates.link_copied') : t('certificate_exams.candidates.link_not_copied'), { severity: ok ? 'success' : 'error' });
        },
        'copy-candidate-link',
      )}
      {action(t('certificate_exams.candidates.edit_named', { name: c.name }), <EditOutlinedIcon fontSize="small" />, onEdit, 'edit-candidate')}
      {action(t('certificate_exams.candidates.delete_named', { name: c.name }), <DeleteOutlineIcon fontSize="small" />, onDelete, 'delete-candidate', true)}
    </>
  );
}
