// A class's classwork: material to read, assignments and quizzes, newest first, a page at a time,
// all of them or one type. Each shows its title (in Bangla when it has one), its type, its
// instructions, when an assignment is due, a quiz's exam and when it is open (on Dhaka's clock), and
// its file (opened in a new tab). Students take a quiz on the Exam Centre's page. Teachers and
// admins add, edit and delete classwork (after a confirmation).
import { Box, Button, Card, CardActions, CardContent, Chip, Link, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { localTitle } from '../../../lib/course-text';
import { useErrorText } from '../../../lib/use-error-text';
import { learnerPath } from '../../exams/components/learner-link';
import { CLASSWORK_TYPES, type Classroom, type Classwork } from '../api/classrooms-api';
import { fileHref, formatClock, formatInstant, formatLongDay, formatWindow, managesClass, sessionTitle } from '../hooks/classroom-format';
import { deleteClassworkMutation, useClassworks, type ClassworkFilter } from '../hooks/use-classrooms';
import { ClassworkDialog } from './classwork-dialog';

const FILTERS: readonly ClassworkFilter[] = ['all', ...CLASSWORK_TYPES];

export function ClassworkTab({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const manage = managesClass(classroom.my_role);
  const [filter, setFilter] = useState<ClassworkFilter>('all');
  const [page, setPage] = useState(1);
  const list = useClassworks(classroom.id, filter, page);
  const remove = useMutation(deleteClassworkMutation(qc, classroom.id));
  const [editing, setEditing] = useState<{ classwork: Classwork | null } | null>(null);
  const [removing, setRemoving] = useState<Classwork | null>(null);
  const rows = list.data?.data ?? [];

  return (
    <Box data-testid="classwork-tab" data-filter={filter}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          value={filter}
          exclusive
          size="small"
          color="primary"
          onChange={(_, v: ClassworkFilter | null) => {
            if (!v) return;
            setFilter(v);
            setPage(1);
          }}
          aria-label={t('classrooms:classwork.filter_label')}
          // Four choices fit a 360 px screen, and scroll rather than overflow in longer words.
          sx={{ maxWidth: '100%', overflowX: 'auto', alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {FILTERS.map((f) => (
            <ToggleButton key={f} value={f} sx={{ px: { xs: 1.25, sm: 2 }, whiteSpace: 'nowrap' }} data-testid={`classwork-filter-${f}`}>
              {t(`classrooms:classwork.filters.${f}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {manage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ classwork: null })} data-testid="create-classwork">
            {t('classrooms:classwork.create')}
          </Button>
        )}
      </Stack>

      {list.isLoading ? (
        <Stack spacing={1.5} data-testid="classwork-loading">
          <Skeleton variant="rounded" height={110} />
          <Skeleton variant="rounded" height={110} />
        </Stack>
      ) : list.error && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !rows.length ? (
        <Card variant="outlined">
          <EmptyState icon={<AssignmentOutlinedIcon />} message={t(`classrooms:classwork.empty.${filter}`)} />
        </Card>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }} data-testid="classwork-list">
          {rows.map((c) => (
            <ClassworkCard key={c.id} classwork={c} manage={manage} student={classroom.my_role === 'student'} onEdit={() => setEditing({ classwork: c })} onDelete={() => setRemoving(c)} />
          ))}
        </Stack>
      )}
      <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={setPage} size="small" />

      {manage && (
        <ClassworkDialog
          open={!!editing}
          classroomId={classroom.id}
          classwork={editing?.classwork ?? null}
          type={filter === 'all' ? 'material' : filter}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('classrooms:classwork.delete_title')}
        body={t('classrooms:classwork.delete_body')}
        confirmLabel={t('classrooms:classwork.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing, {
            onSuccess: () => toast.show(t('classrooms:classwork.deleted')),
            onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
            onSettled: () => setRemoving(null),
          });
        }}
        onClose={() => !remove.isPending && setRemoving(null)}
      />
    </Box>
  );
}

export function ClassworkCard({ classwork: c, manage, student = false, onEdit, onDelete }: { classwork: Classwork; manage: boolean; student?: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const title = sessionTitle(c, lang) || t('classrooms:classwork.untitled');
  const href = fileHref(c.file);
  const fileName = c.file ? c.file.title || c.file.file_name : '';
  const assignment = c.content_type === 'assignment';
  const exam = c.content_type === 'quiz' ? c.exam : null;
  return (
    <Card component="li" variant="outlined" data-testid="classwork-card" data-classwork-id={c.id} data-type={c.content_type}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }} data-testid="classwork-title" data-user-content>
            {title}
          </Typography>
          <Chip
            size="small"
            color={assignment ? 'secondary' : exam ? 'primary' : 'default'}
            variant="outlined"
            label={t(`classrooms:classwork.types.${c.content_type}`)}
            data-testid="classwork-type"
          />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('classrooms:classwork.given', { time: formatInstant(c.created_at, lang) })}
        </Typography>
        {assignment && c.due_at && (
          <Stack direction="row" spacing={0.75} sx={{ mt: 1, alignItems: 'center', color: 'warning.dark' }} data-testid="classwork-due">
            <EventOutlinedIcon sx={{ fontSize: 18 }} aria-hidden />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('classrooms:classwork.due', { day: formatLongDay(c.due_at, lang), time: formatClock(c.due_at, lang) })}
            </Typography>
          </Stack>
        )}
        {exam && (
          <Stack direction="row" spacing={0.75} sx={{ mt: 1, alignItems: 'flex-start' }} data-testid="classwork-exam" data-exam-uuid={exam.uuid}>
            <QuizOutlinedIcon sx={{ fontSize: 18, mt: 0.25, color: 'primary.main' }} aria-hidden />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('classrooms:classwork.exam_label')}{' '}
                <Box component="span" sx={{ fontWeight: 600 }} data-testid="classwork-exam-title" data-user-content>
                  {localTitle(exam, lang) || t('classrooms:classwork.untitled_exam')}
                </Box>
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="classwork-exam-window">
                {t('classrooms:classwork.quiz_window', { window: formatWindow(exam.starts_at, exam.ends_at, lang) })}
              </Typography>
              {manage && !exam.published && (
                <Typography variant="body2" color="warning.dark" data-testid="classwork-exam-draft">
                  {t('classrooms:classwork.exam_draft')}
                </Typography>
              )}
            </Box>
          </Stack>
        )}
        {c.instructions && (
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="classwork-instructions" data-user-content>
            {c.instructions}
          </Typography>
        )}
        {c.file && href && (
          <Stack direction="row" spacing={0.75} sx={{ mt: 1, alignItems: 'center' }}>
            <AttachFileIcon sx={{ fontSize: 18, color: 'text.secondary' }} aria-hidden />
            <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="classwork-file-link" data-user-content>
              {fileName || t('classrooms:classwork.open_file')}
            </Link>
          </Stack>
        )}
      </CardContent>
      {student && exam && (
        <CardActions disableSpacing sx={{ px: { xs: 1.5, sm: 2 }, pb: 1.5, pt: 0 }}>
          <Button
            variant="contained"
            component={RouterLink}
            to={learnerPath(exam.uuid)}
            startIcon={<QuizOutlinedIcon />}
            aria-label={`${t('classrooms:classwork.take_quiz')}: ${title}`}
            data-testid="take-quiz"
          >
            {t('classrooms:classwork.take_quiz')}
          </Button>
        </CardActions>
      )}
      {manage && (
        <CardActions disableSpacing sx={{ px: { xs: 1.5, sm: 2 }, pb: 1.5, pt: 0, gap: 1 }}>
          <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} aria-label={`${t('classrooms:classwork.edit')}: ${title}`} data-testid="edit-classwork">
            {t('classrooms:classwork.edit')}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete} aria-label={`${t('classrooms:classwork.delete')}: ${title}`} data-testid="delete-classwork">
            {t('classrooms:classwork.delete')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
