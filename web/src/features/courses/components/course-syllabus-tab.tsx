// Syllabus tab: sections and their lessons. Add / rename / delete sections, add / edit / delete
// lessons, and reorder them three ways: drag and drop (native HTML5 events; lessons may go to
// another section), move up / down buttons, and Alt+ArrowUp / Alt+ArrowDown on a focused row.
// Every move sends the complete order (PUT /course/schedule/reorder), shown at once and put back
// if the server refuses it.
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { deleteLesson, deleteSection, reorderSyllabus, type Course, type Lesson, type Section } from '../api/courses-api';
import { dropSection, findLesson, lessonMoves, moveLesson, moveLessonTo, moveSection, reorderPayload } from '../hooks/syllabus-order';
import type { CourseKind } from '../hooks/course-kind';
import { courseKeys, useSyllabus } from '../hooks/use-courses';
import { ExamWarning } from './exam-warning';
import { LessonDialog } from './lesson-dialog';
import { LessonTypeIcon } from './lesson-type-icon';
import { SectionDialog } from './section-dialog';

type Drag = { kind: 'lesson' | 'section'; id: number };
type Drop = { kind: 'lesson'; sectionId: number; index: number } | { kind: 'section'; index: number };

const srOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const HINT_ID = 'syllabus-move-hint';

export function CourseSyllabusTab({ course, kind }: { course: Course; kind: CourseKind }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const key = courseKeys.syllabus(course.id);
  const query = useSyllabus(course.id);
  const sections = query.data ?? [];

  const [sectionDialog, setSectionDialog] = useState<{ section: Section | null } | null>(null);
  const [lessonDialog, setLessonDialog] = useState<{ sectionId: number; lesson: Lesson | null } | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'section'; item: Section } | { kind: 'lesson'; item: Lesson } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const drag = useRef<Drag | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  // The drop target as of the latest dragover (state may not have re-rendered before the drop).
  const dropRef = useRef<Drop | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: kind.oneKey(course) });
    void qc.invalidateQueries({ queryKey: kind.listKey });
  };

  const reorder = useMutation({
    mutationKey: ['courses', 'reorder', course.id],
    mutationFn: (next: Section[]) => reorderSyllabus(reorderPayload(course.id, next)),
    onMutate: async (next) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<Section[]>(key);
      qc.setQueryData(key, next);
      return { prev };
    },
    onSuccess: (saved) => {
      // Only the last of several quick moves writes the server's answer.
      if (qc.isMutating({ mutationKey: ['courses', 'reorder', course.id] }) <= 1 && saved.every((s) => Array.isArray(s.lessons))) {
        qc.setQueryData(key, saved);
      }
    },
    onError: (err, _next, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
      setAnnouncement(t('courses:syllabus.move_failed'));
      toast.show(errorText(err), { severity: 'error', title: t('courses:syllabus.move_failed') });
      void qc.invalidateQueries({ queryKey: key });
    },
  });

  // Keep the keyboard focus on the row that moved (it may have changed section and been re-mounted).
  useEffect(() => {
    if (!focusKey) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-row-key="${focusKey}"]`);
    const active = document.activeElement;
    if (el && el !== active && (!active || active === document.body || listRef.current?.contains(active))) el.focus();
  }, [focusKey, sections]);
  useEffect(() => {
    if (!focusKey) return;
    const id = window.setTimeout(() => setFocusKey(null), 1500);
    return () => window.clearTimeout(id);
  }, [focusKey]);

  const sectionName = (s: Section) => localTitle(s, lang) || t('courses:syllabus.untitled_section');
  const lessonName = (l: Lesson) => localTitle(l, lang) || t('courses:syllabus.untitled_lesson');

  const commit = (next: Section[] | null, focus: string, describe: (n: Section[]) => string) => {
    if (!next) return;
    reorder.mutate(next);
    setFocusKey(focus);
    setAnnouncement(describe(next));
  };

  const lessonMoved = (lessonId: number) => (next: Section[]) => {
    const at = findLesson(next, lessonId);
    if (!at) return '';
    return t('courses:syllabus.moved_lesson', {
      name: lessonName(next[at.si].lessons[at.li]),
      position: formatNumber(at.li + 1, lang),
      section: sectionName(next[at.si]),
    });
  };
  const sectionMoved = (sectionId: number) => (next: Section[]) => {
    const i = next.findIndex((s) => s.id === sectionId);
    return t('courses:syllabus.moved_section', { name: sectionName(next[i]), position: formatNumber(i + 1, lang) });
  };

  const moveLessonBy = (lessonId: number, delta: -1 | 1) => commit(moveLesson(sections, lessonId, delta), `lesson-${lessonId}`, lessonMoved(lessonId));
  const moveSectionBy = (sectionId: number, delta: -1 | 1) => commit(moveSection(sections, sectionId, delta), `section-${sectionId}`, sectionMoved(sectionId));

  const onRowKey = (e: KeyboardEvent, move: (delta: -1 | 1) => void) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    e.stopPropagation();
    move(e.key === 'ArrowUp' ? -1 : 1);
  };

  // ---- drag and drop
  const startDrag = (e: DragEvent, d: Drag) => {
    e.stopPropagation();
    drag.current = d;
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', `${d.kind}:${d.id}`);
  };
  const endDrag = () => {
    drag.current = null;
    dropRef.current = null;
    setDrop(null);
  };
  const sameDrop = (a: Drop | null, b: Drop) =>
    !!a && a.kind === b.kind && a.index === b.index && (a.kind === 'section' || (b.kind === 'lesson' && a.sectionId === b.sectionId));
  const over = (e: DragEvent, d: Drop) => {
    if (!drag.current || drag.current.kind !== d.kind) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'move';
    if (!sameDrop(dropRef.current, d)) {
      dropRef.current = d;
      setDrop(d);
    }
  };
  const lowerHalf = (e: DragEvent) => {
    const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
    return e.clientY > r.top + r.height / 2;
  };
  const finishDrop = (e: DragEvent) => {
    const d = drag.current;
    const target = dropRef.current;
    endDrag();
    if (!d || !target || d.kind !== target.kind) return;
    e.preventDefault();
    e.stopPropagation();
    if (d.kind === 'lesson' && target.kind === 'lesson') {
      commit(moveLessonTo(sections, d.id, target.sectionId, target.index), `lesson-${d.id}`, lessonMoved(d.id));
    } else if (target.kind === 'section') {
      commit(dropSection(sections, d.id, target.index), `section-${d.id}`, sectionMoved(d.id));
    }
  };

  const remove = useMutation({
    mutationFn: (c: NonNullable<typeof confirm>) => (c.kind === 'section' ? deleteSection(c.item.id) : deleteLesson(c.item.id)),
    onSuccess: (_r, c) => {
      qc.setQueryData<Section[]>(key, (old) =>
        c.kind === 'section'
          ? old?.filter((s) => s.id !== c.item.id)
          : old?.map((s) => ({ ...s, lessons: s.lessons.filter((l) => l.id !== c.item.id) })),
      );
      refresh();
      setConfirm(null);
      toast.show(c.kind === 'section' ? t('courses:syllabus.section_deleted') : t('courses:syllabus.lesson_deleted'));
    },
    onError: (err) => {
      setConfirm(null);
      toast.show(errorText(err), { severity: 'error' });
    },
  });

  if (query.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;

  const lessonCount = sections.reduce((n, s) => n + s.lessons.length, 0);
  return (
    <Box data-testid="syllabus-tab">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {t('courses:syllabus.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('courses:syllabus.summary', {
              sections: formatNumber(sections.length, lang),
              lessons: formatNumber(lessonCount, lang),
            })}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setSectionDialog({ section: null })} data-testid="add-section">
          {t('courses:syllabus.add_section')}
        </Button>
      </Stack>
      <Typography id={HINT_ID} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('courses:syllabus.move_hint')}
      </Typography>
      <Box aria-live="polite" role="status" sx={srOnly} data-testid="syllabus-announcement">
        {announcement}
      </Box>

      {sections.length === 0 ? (
        <Card>
          <EmptyState
            icon={<ListAltOutlinedIcon />}
            message={t('courses:syllabus.empty')}
            action={
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setSectionDialog({ section: null })}>
                {t('courses:syllabus.add_first_section')}
              </Button>
            }
          />
        </Card>
      ) : (
        <Box ref={listRef} component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {sections.map((s, si) => {
            const sectionDropBefore = drop?.kind === 'section' && drop.index === si;
            const sectionDropAfter = drop?.kind === 'section' && drop.index === si + 1 && si === sections.length - 1;
            const lessonDropEnd = drop?.kind === 'lesson' && drop.sectionId === s.id && drop.index === s.lessons.length;
            return (
              <Card
                key={s.id}
                component="li"
                data-testid="syllabus-section"
                data-section-id={s.id}
                onDragOver={(e) => over(e, { kind: 'section', index: lowerHalf(e) ? si + 1 : si })}
                onDrop={finishDrop}
                sx={{
                  overflow: 'visible',
                  boxShadow: sectionDropBefore ? (th) => `0 -3px 0 ${th.palette.primary.main}` : sectionDropAfter ? (th) => `0 3px 0 ${th.palette.primary.main}` : undefined,
                }}
              >
                <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    data-row-key={`section-${s.id}`}
                    tabIndex={0}
                    draggable
                    onDragStart={(e) => startDrag(e, { kind: 'section', id: s.id })}
                    onDragEnd={endDrag}
                    onKeyDown={(e) => onRowKey(e, (d) => moveSectionBy(s.id, d))}
                    aria-describedby={HINT_ID}
                    aria-label={t('courses:syllabus.section_label', { n: formatNumber(si + 1, lang), name: sectionName(s) })}
                    sx={{ alignItems: { sm: 'center' }, borderRadius: 1, outlineOffset: 2, cursor: 'grab', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' } }}
                  >
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, flexGrow: 1 }}>
                      <DragIndicatorIcon sx={{ color: 'text.disabled', flexShrink: 0 }} aria-hidden />
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, wordBreak: 'break-word' }} data-testid="section-title">
                          {t('courses:syllabus.section_n', { n: formatNumber(si + 1, lang) })}: {sectionName(s)}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {t('courses:list.lessons', { count: s.lessons.length })}
                        </Typography>
                      </Box>
                    </Stack>
                    <Stack direction="row" spacing={0.25} sx={{ flexShrink: 0, justifyContent: { xs: 'flex-end', sm: 'flex-start' } }}>
                      <IconAction label={t('courses:syllabus.section_up', { name: sectionName(s) })} disabled={si === 0} onClick={() => moveSectionBy(s.id, -1)}>
                        <ArrowUpwardIcon fontSize="small" />
                      </IconAction>
                      <IconAction label={t('courses:syllabus.section_down', { name: sectionName(s) })} disabled={si === sections.length - 1} onClick={() => moveSectionBy(s.id, 1)}>
                        <ArrowDownwardIcon fontSize="small" />
                      </IconAction>
                      <IconAction label={t('courses:syllabus.rename_section_named', { name: sectionName(s) })} onClick={() => setSectionDialog({ section: s })}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconAction>
                      <IconAction label={t('courses:syllabus.delete_section_named', { name: sectionName(s) })} onClick={() => setConfirm({ kind: 'section', item: s })} danger>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconAction>
                    </Stack>
                  </Stack>

                  <Box
                    component="ol"
                    onDragOver={(e) => over(e, { kind: 'lesson', sectionId: s.id, index: s.lessons.length })}
                    onDrop={finishDrop}
                    sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, minHeight: 8 }}
                  >
                    {s.lessons.map((l, li) => {
                      const moves = lessonMoves(sections, l.id);
                      const dropBefore = drop?.kind === 'lesson' && drop.sectionId === s.id && drop.index === li;
                      const dropAfter = lessonDropEnd && li === s.lessons.length - 1;
                      return (
                        <Box
                          component="li"
                          key={l.id}
                          data-testid="syllabus-lesson"
                          data-lesson-id={l.id}
                          data-row-key={`lesson-${l.id}`}
                          tabIndex={0}
                          draggable
                          onDragStart={(e) => startDrag(e, { kind: 'lesson', id: l.id })}
                          onDragEnd={endDrag}
                          onDragOver={(e) => over(e, { kind: 'lesson', sectionId: s.id, index: lowerHalf(e) ? li + 1 : li })}
                          onDrop={finishDrop}
                          onKeyDown={(e) => onRowKey(e, (d) => moveLessonBy(l.id, d))}
                          aria-describedby={HINT_ID}
                          aria-label={t('courses:syllabus.lesson_label', { n: formatNumber(li + 1, lang), name: lessonName(l), type: t(`courses:lesson_types.${l.lesson_type}`, { defaultValue: l.lesson_type }) })}
                          sx={{
                            display: 'flex',
                            flexWrap: { xs: 'wrap', sm: 'nowrap' },
                            alignItems: 'center',
                            gap: 1,
                            px: 1,
                            py: 0.75,
                            mt: 0.5,
                            border: 1,
                            borderColor: 'divider',
                            borderRadius: 1.5,
                            bgcolor: 'background.paper',
                            cursor: 'grab',
                            boxShadow: dropBefore ? (th) => `inset 0 3px 0 ${th.palette.primary.main}` : dropAfter ? (th) => `inset 0 -3px 0 ${th.palette.primary.main}` : undefined,
                            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                          }}
                        >
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, flexGrow: 1, flexBasis: { xs: '100%', sm: 'auto' } }}>
                            <DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled', flexShrink: 0 }} aria-hidden />
                            <LessonTypeIcon type={l.lesson_type} fontSize="small" color="action" aria-hidden />
                            <Box sx={{ minWidth: 0 }}>
                              <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="lesson-title">
                                {lessonName(l)}
                              </Typography>
                              <Stack direction="row" spacing={0.75} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary' }}>
                                <Typography variant="caption">{t(`courses:lesson_types.${l.lesson_type}`, { defaultValue: l.lesson_type })}</Typography>
                                {l.duration_minutes != null && (
                                  <Typography variant="caption">· {t('courses:syllabus.minutes', { count: l.duration_minutes })}</Typography>
                                )}
                                {l.media_url && <Chip size="small" variant="outlined" icon={<LinkIcon />} label={t('courses:syllabus.has_link')} sx={{ height: 20 }} />}
                                {l.has_file && <Chip size="small" variant="outlined" icon={<AttachFileIcon />} label={l.file_name || t('courses:syllabus.has_file')} sx={{ height: 20, maxWidth: 180 }} />}
                                <ExamWarning lesson={l} />
                              </Stack>
                            </Box>
                          </Stack>
                          <Stack direction="row" spacing={0.25} sx={{ flexShrink: 0, ml: 'auto' }}>
                            <IconAction label={t('courses:syllabus.lesson_up', { name: lessonName(l) })} disabled={!moves.up} onClick={() => moveLessonBy(l.id, -1)}>
                              <ArrowUpwardIcon fontSize="small" />
                            </IconAction>
                            <IconAction label={t('courses:syllabus.lesson_down', { name: lessonName(l) })} disabled={!moves.down} onClick={() => moveLessonBy(l.id, 1)}>
                              <ArrowDownwardIcon fontSize="small" />
                            </IconAction>
                            <IconAction label={t('courses:syllabus.edit_lesson_named', { name: lessonName(l) })} onClick={() => setLessonDialog({ sectionId: s.id, lesson: l })}>
                              <EditOutlinedIcon fontSize="small" />
                            </IconAction>
                            <IconAction label={t('courses:syllabus.delete_lesson_named', { name: lessonName(l) })} onClick={() => setConfirm({ kind: 'lesson', item: l })} danger>
                              <DeleteOutlineIcon fontSize="small" />
                            </IconAction>
                          </Stack>
                        </Box>
                      );
                    })}
                    {s.lessons.length === 0 && (
                      <Box
                        component="li"
                        sx={{
                          border: 1,
                          borderStyle: 'dashed',
                          borderColor: lessonDropEnd ? 'primary.main' : 'divider',
                          bgcolor: lessonDropEnd ? 'action.hover' : undefined,
                          borderRadius: 1.5,
                          p: 2,
                          textAlign: 'center',
                          color: 'text.secondary',
                          typography: 'body2',
                        }}
                      >
                        {t('courses:syllabus.no_lessons')}
                      </Box>
                    )}
                  </Box>
                  <Button size="small" startIcon={<AddIcon />} onClick={() => setLessonDialog({ sectionId: s.id, lesson: null })} sx={{ mt: 1 }} data-testid="add-lesson">
                    {t('courses:syllabus.add_lesson')}
                  </Button>
                </CardContent>
              </Card>
            );
          })}
        </Box>
      )}

      <SectionDialog
        open={!!sectionDialog}
        courseId={course.id}
        section={sectionDialog?.section ?? null}
        onClose={() => setSectionDialog(null)}
        onSaved={(saved, created) => {
          qc.setQueryData<Section[]>(key, (old) =>
            created ? [...(old ?? []), { ...saved, lessons: saved.lessons ?? [] }] : old?.map((x) => (x.id === saved.id ? { ...x, title: saved.title, title_bn: saved.title_bn } : x)),
          );
          refresh();
          setSectionDialog(null);
          toast.show(created ? t('courses:syllabus.section_added') : t('courses:syllabus.section_saved'));
        }}
      />
      <LessonDialog
        open={!!lessonDialog}
        sectionId={lessonDialog?.sectionId ?? 0}
        lesson={lessonDialog?.lesson ?? null}
        types={kind.lessonTypes}
        onClose={() => setLessonDialog(null)}
        onChanged={(saved) => {
          qc.setQueryData<Section[]>(key, (old) =>
            old?.map((s) =>
              s.id !== saved.section_id
                ? s
                : s.lessons.some((l) => l.id === saved.id)
                  ? { ...s, lessons: s.lessons.map((l) => (l.id === saved.id ? saved : l)) }
                  : { ...s, lessons: [...s.lessons, saved] },
            ),
          );
          refresh();
        }}
      />
      <ConfirmDialog
        open={!!confirm}
        title={confirm?.kind === 'section' ? t('courses:syllabus.delete_section_title') : t('courses:syllabus.delete_lesson_title')}
        body={
          confirm?.kind === 'section'
            ? t('courses:syllabus.delete_section_body', { name: sectionName(confirm.item), count: confirm.item.lessons.length })
            : confirm
              ? t('courses:syllabus.delete_lesson_body', { name: lessonName(confirm.item) })
              : ''
        }
        confirmLabel={t('courses:actions.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm)}
        onClose={() => !remove.isPending && setConfirm(null)}
      />
    </Box>
  );
}

function IconAction(props: { label: string; onClick: () => void; disabled?: boolean; danger?: boolean; children: React.ReactNode }) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          disabled={props.disabled}
          color={props.danger ? 'error' : 'default'}
          onClick={(e) => {
            e.stopPropagation();
            props.onClick();
          }}
          // Buttons inside a draggable row must not start a drag.
          draggable={false}
          onDragStart={(e) => e.preventDefault()}
        >
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
