// Add or edit a lesson: titles, type, then a link or an uploaded file (video, audio, document,
// image, presentation), a text body (manual, discussion) or the exam learners take (quiz, exam),
// and the duration. A file goes up after
// the lesson is saved, with a progress bar; if only the upload fails the lesson stays, and trying
// again uploads the file to it. The file or link may also be chosen in the file manager (the
// picker, loaded when first opened): a link fills the link field, a stored file is copied to the
// lesson after it is saved, where an upload would go up.
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import type { PickerFile } from '../../../lib/file-picker-api';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { createLesson, LESSON_TYPES, updateLesson, type Lesson, type LessonType } from '../api/courses-api';
import { sendLessonFile } from '../api/lesson-file-upload';
import type { UploadHandle } from '../../../lib/upload';
import { isHttpUrl } from '../../../lib/link-url';
import { applyFieldErrors } from '../../../lib/server-errors';
import {
  examMissing,
  FILE_ACCEPT,
  isBodyType,
  isExamType,
  isMediaType,
  LESSON_FIELDS,
  LESSON_FILE_MAX_BYTES,
  LESSON_FILE_MAX_MB,
  lessonBody,
  lessonValues,
  managerFileProblem,
  pickedMedia,
  PICKER_TYPE,
  type LessonFormValues,
} from '../hooks/lesson-form';
import { ExamPicker } from './exam-picker';
import { LessonTypeIcon } from './lesson-type-icon';

const FilePickerDialog = lazy(() => import('../../../components/ui/file-picker-dialog').then((m) => ({ default: m.FilePickerDialog })));

export function LessonDialog(props: {
  open: boolean;
  sectionId: number;
  /** null = a new lesson. */
  lesson: Lesson | null;
  /** The types offered, in this order; a new lesson is of the first (default: every type, video first). */
  types?: readonly LessonType[];
  onClose: () => void;
  /** Called whenever the lesson changed on the server (also when only its upload failed). */
  onChanged: (lesson: Lesson) => void;
}) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const errorText = useErrorText();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useForm<LessonFormValues>({ defaultValues: lessonValues(null, props.types?.[0]) });
  const [saved, setSaved] = useState<Lesson | null>(null);
  const [file, setFile] = useState<File | null>(null);
  /** A stored file chosen in the file manager (instead of an upload). */
  const [stored, setStored] = useState<PickerFile | null>(null);
  /** The picker: mounted (its code fetched) when first opened, then kept for its closing transition. */
  const [picker, setPicker] = useState<'closed' | 'open' | 'never'>('never');
  const [sending, setSending] = useState<'upload' | 'manager'>('upload');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'saving' | 'uploading'>('idle');
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<{ err: unknown; uploadOnly: boolean; message?: string | null } | null>(null);
  const upload = useRef<UploadHandle<Lesson> | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const { open, lesson, types = LESSON_TYPES } = props;
  const newType = types[0];

  useEffect(() => {
    if (!open) return;
    form.reset(lessonValues(lesson, newType));
    setSaved(lesson);
    setFile(null);
    setStored(null);
    setPicker((p) => (p === 'never' ? p : 'closed'));
    setFileProblem(null);
    setError(null);
    setPercent(0);
    setPhase('idle');
  }, [open, lesson, newType, form]);

  const type = form.watch('lesson_type');
  const source = form.watch('source');
  const media = isMediaType(type);
  const busy = phase !== 'idle';

  const close = () => {
    if (phase === 'saving') return;
    upload.current?.abort();
    props.onClose();
  };

  const submit = form.handleSubmit(async (v) => {
    const wantsFile = media && v.source === 'file';
    if (wantsFile && !file && !stored && !saved?.has_file) {
      setFileProblem(t('courses:lesson.file_required'));
      return;
    }
    setError(null);
    let current = saved;
    let stage: 'save' | 'upload' = 'save';
    const choice = wantsFile ? (file ? { kind: 'upload' as const, file } : stored ? { kind: 'manager' as const, fileId: stored.id } : null) : null;
    try {
      setPhase('saving');
      const body = lessonBody(v);
      current = current ? await updateLesson(current.id, body) : await createLesson({ ...body, section_id: props.sectionId });
      setSaved(current);
      props.onChanged(current);
      if (choice) {
        stage = 'upload';
        setSending(choice.kind);
        setPhase('uploading');
        setPercent(0);
        upload.current = sendLessonFile(current.id, choice, setPercent);
        current = await upload.current.promise;
        upload.current = null;
        setSaved(current);
        setFile(null);
        setStored(null);
        props.onChanged(current);
      }
      setPhase('idle');
      props.onClose();
    } catch (err) {
      upload.current = null;
      setPhase('idle');
      if ((err as Error)?.name === 'AbortError') return;
      const uploadOnly = stage === 'upload';
      if (!uploadOnly) applyFieldErrors(form.setError, err, LESSON_FIELDS);
      // A refused file of the file manager: the server's words (about this call) under the file.
      const managerProblem = uploadOnly && choice?.kind === 'manager' ? managerFileProblem(err) : null;
      if (managerProblem) setFileProblem(managerProblem);
      else if (err instanceof ApiError && err.code === 'invalid_file') setFileProblem(errorText(err));
      setError({ err, uploadOnly, message: managerProblem });
    }
  });

  const pickFile = (f: File | undefined) => {
    if (!f) return;
    if (f.size > LESSON_FILE_MAX_BYTES) {
      setFileProblem(t('courses:lesson.file_too_big', { n: formatNumber(LESSON_FILE_MAX_MB, i18n.language) }));
      return;
    }
    setFileProblem(null);
    setFile(f);
    setStored(null);
  };

  const pickManagerFile = (f: PickerFile) => {
    setPicker('closed');
    const picked = pickedMedia(f);
    if (picked.source === 'url') {
      form.setValue('source', 'url');
      form.setValue('media_url', picked.media_url, { shouldDirty: true, shouldValidate: true });
      return;
    }
    form.setValue('source', 'file');
    setStored(picked.stored);
    setFile(null);
    setFileProblem(null);
  };

  const titleRule = (_: string, v: LessonFormValues) => !!(v.title.trim() || v.title_bn.trim()) || t('courses:form.title_required');
  const sizeText = (bytes: number) => t('courses:lesson.file_size', { n: formatNumber(Math.max(0.1, Math.round((bytes / 1024 / 1024) * 10) / 10), i18n.language) });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="lesson-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="lesson-dialog-title">{saved ? t('courses:lesson.edit_title') : t('courses:lesson.add_title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" data-testid="lesson-error">
                {error.uploadOnly ? `${t('courses:lesson.upload_failed')} ${error.message ?? errorText(error.err)}` : errorText(error.err)}
              </Alert>
            )}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  name="title_bn"
                  control={form.control}
                  rules={{ validate: titleRule }}
                  render={({ field, fieldState }) => (
                    <TextField {...field} id="lesson-title-bn" autoFocus label={t('courses:lesson.title_bn')} error={!!fieldState.error} helperText={fieldState.error?.message} slotProps={{ htmlInput: { lang: 'bn' } }} fullWidth disabled={busy} />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  name="title"
                  control={form.control}
                  rules={{ deps: ['title_bn'] }}
                  render={({ field, fieldState }) => (
                    <TextField {...field} id="lesson-title" label={t('courses:lesson.title')} error={!!fieldState.error} helperText={fieldState.error?.message} slotProps={{ htmlInput: { lang: 'en' } }} fullWidth disabled={busy} />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 7 }}>
                <Controller
                  name="lesson_type"
                  control={form.control}
                  render={({ field, fieldState }) => (
                    <TextField {...field} id="lesson-type" select label={t('courses:lesson.type')} error={!!fieldState.error} helperText={fieldState.error?.message} fullWidth disabled={busy}>
                      {types.map((lt) => (
                        <MenuItem key={lt} value={lt}>
                          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
                            <LessonTypeIcon type={lt} fontSize="small" />
                            <span>{t(`courses:lesson_types.${lt}`)}</span>
                          </Stack>
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 5 }}>
                <Controller
                  name="duration_minutes"
                  control={form.control}
                  rules={{ validate: (v) => v.trim() === '' || (/^\d{1,4}$/.test(v.trim()) && Number(v) <= 1440) || t('courses:lesson.duration_invalid') }}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      id="lesson-duration"
                      type="number"
                      label={t('courses:lesson.duration')}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                      fullWidth
                      disabled={busy}
                      slotProps={{ htmlInput: { min: 0, max: 1440, step: 1, inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">{t('courses:lesson.minutes')}</InputAdornment> } }}
                    />
                  )}
                />
              </Grid>
            </Grid>

            {media && (
              <Box>
                <Controller
                  name="source"
                  control={form.control}
                  render={({ field }) => (
                    <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)} aria-label={t('courses:lesson.source')}>
                      <FormControlLabel value="url" control={<Radio />} label={t('courses:lesson.source_url')} disabled={busy} />
                      <FormControlLabel value="file" control={<Radio />} label={t('courses:lesson.source_file')} disabled={busy} />
                    </RadioGroup>
                  )}
                />
                <Button
                  variant="text"
                  size="small"
                  startIcon={<FolderOpenOutlinedIcon />}
                  onClick={() => setPicker('open')}
                  disabled={busy}
                  data-testid="lesson-from-manager"
                  sx={{ mb: 0.5 }}
                >
                  {t('courses:lesson.choose_from_manager')}
                </Button>
                {source === 'url' ? (
                  <Controller
                    name="media_url"
                    control={form.control}
                    rules={{
                      validate: (v, all) =>
                        !isMediaType(all.lesson_type) || all.source !== 'url' || (!v.trim() ? t('courses:lesson.url_required') : isHttpUrl(v) || t('courses:lesson.url_invalid')),
                    }}
                    render={({ field, fieldState }) => (
                      <TextField
                        {...field}
                        id="lesson-media-url"
                        label={t('courses:lesson.media_url')}
                        placeholder="https://www.youtube.com/watch?v=…"
                        error={!!fieldState.error}
                        helperText={fieldState.error?.message ?? t('courses:lesson.media_url_hint')}
                        fullWidth
                        disabled={busy}
                        slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, autoCapitalize: 'none' } }}
                        sx={{ mt: 1 }}
                      />
                    )}
                  />
                ) : (
                  <Box sx={{ mt: 1 }}>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
                      <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => fileRef.current?.click()} disabled={busy}>
                        {file || stored || saved?.has_file ? t('courses:lesson.file_change') : t('courses:lesson.file_choose')}
                      </Button>
                      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }} data-testid="lesson-file-name">
                        {file
                          ? `${file.name} · ${sizeText(file.size)}`
                          : stored
                            ? t('courses:lesson.file_picked', { name: stored.title || stored.file_name, size: sizeText(stored.size) })
                            : saved?.has_file ? t('courses:lesson.file_current', { name: saved.file_name ?? '' }) : t('courses:lesson.file_none')}
                      </Typography>
                    </Stack>
                    <input
                      ref={fileRef}
                      type="file"
                      hidden
                      accept={FILE_ACCEPT[type] ?? ''}
                      data-testid="lesson-file-input"
                      onChange={(e) => {
                        pickFile(e.target.files?.[0]);
                        e.target.value = '';
                      }}
                    />
                    <Typography variant="caption" color={fileProblem ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.75 }} role={fileProblem ? 'alert' : undefined}>
                      {fileProblem ?? t('courses:lesson.file_hint', { n: formatNumber(LESSON_FILE_MAX_MB, i18n.language) })}
                    </Typography>
                  </Box>
                )}
              </Box>
            )}

            {isExamType(type) && (
              <Controller
                name="exam_id"
                control={form.control}
                rules={{ validate: (_, all) => !examMissing(all) || t('courses:lesson.exam_required') }}
                render={({ field, fieldState }) => (
                  <ExamPicker
                    id="lesson-exam"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.error?.message}
                    disabled={busy}
                    removed={!!saved?.exam_id && !saved.exam_uuid}
                  />
                )}
              />
            )}

            {isBodyType(type) && (
              <Controller
                name="body"
                control={form.control}
                rules={{ validate: (v, all) => all.lesson_type !== 'manual' || !!v.trim() || t('courses:lesson.body_required') }}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    id="lesson-body"
                    label={type === 'manual' ? t('courses:lesson.body') : t('courses:lesson.prompt')}
                    multiline
                    minRows={6}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? t('courses:lesson.body_hint')}
                    fullWidth
                    disabled={busy}
                  />
                )}
              />
            )}

            {phase === 'uploading' && sending === 'upload' && (
              <Box aria-live="polite">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {t('courses:lesson.uploading', { n: formatNumber(percent, i18n.language) })}
                </Typography>
                <LinearProgress variant="determinate" value={percent} aria-label={t('courses:lesson.upload_progress')} data-testid="upload-progress" />
              </Box>
            )}
            {phase === 'uploading' && sending === 'manager' && (
              <Box aria-live="polite">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {t('courses:lesson.attaching')}
                </Typography>
                <LinearProgress aria-label={t('courses:lesson.attaching')} data-testid="attach-progress" />
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={phase === 'saving'}>
            {phase === 'uploading' ? t('courses:lesson.cancel_upload') : t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="save-lesson"
          >
            {busy ? t('common:actions.saving') : error?.uploadOnly ? t('courses:lesson.retry_upload') : t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
      {picker !== 'never' && (
        <Suspense fallback={null}>
          <FilePickerDialog
            open={picker === 'open'}
            onClose={() => setPicker('closed')}
            onPick={pickManagerFile}
            type={PICKER_TYPE[type]}
            allowLinks
            title={t('courses:lesson.picker_title')}
          />
        </Suspense>
      )}
    </Dialog>
  );
}
