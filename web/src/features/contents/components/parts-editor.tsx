// The editor's parts, in the order learners go through them: a file of the file manager (video,
// audio, document or image, links too), a text (the posts' rich text editor, fetched when the
// first text part shows) or a quiz (one of the author's exams of the Exam Centre). Each has its
// titles, Move up / Move down and Remove; the buttons under the list add one of each kind.
import { Alert, Box, Button, Card, CardContent, FormHelperText, Grid, IconButton, Link, Menu, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import LinkIcon from '@mui/icons-material/Link';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import PostAddOutlinedIcon from '@mui/icons-material/PostAddOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import TextSnippetOutlinedIcon from '@mui/icons-material/TextSnippetOutlined';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { filePreview } from '../../../lib/stored-file';
import { useExamList } from '../../exams/hooks/use-exams';
import { PART_FILE_TYPES, type PartFile, type PartFileType, type PartKind } from '../api/contents-api';
import { partField, PARTS_MAX, TITLE_MAX, type PartField, type PartValues } from '../hooks/content-form';
import { ContentTypeIcon, partIconType } from './content-type-icon';

// Only once a text part shows: TipTap stays out of the page otherwise.
const RichTextEditor = lazy(() => import('../../publishing/components/rich-text-editor'));

/** The author's exams offered for a quiz part (one page: the select holds them all). */
export const EXAM_CHOICES = 100;
/** Where an author without exams makes one. */
const NEW_EXAM_PATH = '/exam/single/create';

export interface PartsEditorProps {
  parts: PartValues[];
  /** Each field's refusal, worded, by its name (`parts.{i}.title`, `parts`). */
  errors: { readonly [field: string]: string | undefined };
  disabled: boolean;
  onPart: (index: number, patch: Partial<PartValues>) => void;
  onMove: (index: number, by: number) => void;
  onRemove: (index: number) => void;
  /** Opens the file manager's picker: a new part of that type, or (`index`) another file for a part. */
  onPickFile: (type: PartFileType, index?: number) => void;
  onAdd: (kind: Exclude<PartKind, 'file'>) => void;
}

export function PartsEditor({ parts, errors, disabled, onPart, onMove, onRemove, onPickFile, onAdd }: PartsEditorProps) {
  const { t, i18n } = useTranslation('contents');
  const lang = i18n.language;
  const [menuAt, setMenuAt] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const full = parts.length >= PARTS_MAX;
  return (
    <Box component="section" aria-labelledby="content-parts-heading" data-testid="parts-editor">
      <Typography id="content-parts-heading" variant="h6" component="h2">
        {t('contents:parts.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('contents:parts.hint', { n: formatNumber(parts.length, lang), max: formatNumber(PARTS_MAX, lang) })}
      </Typography>
      {errors.parts && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="parts-error">
          {errors.parts}
        </Alert>
      )}
      {parts.length === 0 ? (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <EmptyState icon={<PostAddOutlinedIcon />} message={t('contents:parts.empty')} />
        </Card>
      ) : (
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} data-testid="parts-list">
          {parts.map((part, i) => (
            <PartEditor
              key={part.key}
              part={part}
              index={i}
              last={i === parts.length - 1}
              errors={errors}
              disabled={disabled}
              onPart={(patch) => onPart(i, patch)}
              onMove={(by) => onMove(i, by)}
              onRemove={() => onRemove(i)}
              onPickFile={() => onPickFile(pickerType(part.file), i)}
            />
          ))}
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<NoteAddOutlinedIcon />}
          disabled={disabled || full}
          onClick={(e) => setMenuAt(e.currentTarget)}
          aria-haspopup="menu"
          aria-expanded={menuAt ? 'true' : undefined}
          aria-controls={menuAt ? menuId : undefined}
          data-testid="add-file-part"
        >
          {t('contents:parts.add_file')}
        </Button>
        <Button variant="outlined" startIcon={<TextSnippetOutlinedIcon />} disabled={disabled || full} onClick={() => onAdd('text')} data-testid="add-text-part">
          {t('contents:parts.add_text')}
        </Button>
        <Button variant="outlined" startIcon={<QuizOutlinedIcon />} disabled={disabled || full} onClick={() => onAdd('quiz')} data-testid="add-quiz-part">
          {t('contents:parts.add_quiz')}
        </Button>
      </Stack>
      <Menu id={menuId} anchorEl={menuAt} open={!!menuAt} onClose={() => setMenuAt(null)}>
        {PART_FILE_TYPES.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setMenuAt(null);
              onPickFile(type);
            }}
            data-testid={`add-file-part-${type}`}
          >
            <ContentTypeIcon type={type} fontSize="small" sx={{ mr: 1.5, color: 'text.secondary' }} />
            {t(`contents:types.${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

/** The picker's type for another file of a part: its file's, if one of the four. */
function pickerType(file: PartFile | null): PartFileType {
  return (PART_FILE_TYPES as readonly string[]).includes(file?.type ?? '') ? (file!.type as PartFileType) : 'video';
}

interface PartEditorProps {
  part: PartValues;
  index: number;
  last: boolean;
  errors: PartsEditorProps['errors'];
  disabled: boolean;
  onPart: (patch: Partial<PartValues>) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
  onPickFile: () => void;
}

function PartEditor({ part, index, last, errors, disabled, onPart, onMove, onRemove, onPickFile }: PartEditorProps) {
  const { t, i18n } = useTranslation('contents');
  const n = formatNumber(index + 1, i18n.language);
  const id = (field: PartField) => `content-parts-${index}-${field}`;
  const error = (field: PartField) => errors[partField(index, field)];
  // Refusals of the part as a whole (not one of this item's parts, an unknown kind).
  const general = error('id') ?? error('kind');
  const kindLabel = part.kind === 'file' && part.file ? t(`contents:types.${part.file.type}`, { defaultValue: part.file.type }) : t(`contents:parts.kinds.${part.kind}`);
  const tools: { label: string; icon: ReactNode; onClick: () => void; off: boolean; testId: string; danger?: boolean }[] = [
    { label: t('contents:parts.move_up', { n }), icon: <ArrowUpwardIcon />, onClick: () => onMove(-1), off: index === 0, testId: 'part-up' },
    { label: t('contents:parts.move_down', { n }), icon: <ArrowDownwardIcon />, onClick: () => onMove(1), off: last, testId: 'part-down' },
    { label: t('contents:parts.remove', { n }), icon: <DeleteOutlineIcon />, onClick: onRemove, off: false, testId: 'part-remove', danger: true },
  ];
  return (
    <Card component="li" variant="outlined" data-testid="part-editor" data-kind={part.kind} data-part-id={part.id ?? undefined}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <ContentTypeIcon type={partIconType(part)} color="action" aria-hidden />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0 }}>
            {t('contents:parts.part_n', { n })}
            <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
              {` · ${kindLabel}`}
            </Typography>
          </Typography>
          {tools.map((tool) => (
            <Tooltip key={tool.testId} title={tool.label}>
              <span>
                <IconButton size="small" color={tool.danger ? 'error' : 'default'} disabled={disabled || tool.off} onClick={tool.onClick} aria-label={tool.label} data-testid={tool.testId}>
                  {tool.icon}
                </IconButton>
              </span>
            </Tooltip>
          ))}
        </Stack>
        <Grid container spacing={2}>
          {general && (
            <Grid size={12}>
              <Alert severity="error">{general}</Alert>
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              id={id('title')}
              label={t('contents:parts.title_n', { n })}
              value={part.title}
              onChange={(e) => onPart({ title: e.target.value })}
              disabled={disabled}
              error={!!error('title')}
              helperText={error('title')}
              fullWidth
              slotProps={{ htmlInput: { maxLength: TITLE_MAX, lang: 'en' }, inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              id={id('title_bn')}
              label={t('contents:parts.title_bn_n', { n })}
              value={part.title_bn}
              onChange={(e) => onPart({ title_bn: e.target.value })}
              disabled={disabled}
              error={!!error('title_bn')}
              helperText={error('title_bn')}
              fullWidth
              slotProps={{ htmlInput: { maxLength: TITLE_MAX, lang: 'bn' }, inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={12}>
            {part.kind === 'file' ? (
              <PartFileBox file={part.file} error={error('file_id')} disabled={disabled} onPick={onPickFile} testId={id('file_id')} />
            ) : part.kind === 'quiz' ? (
              <ExamSelect id={id('exam_id')} label={t('contents:parts.exam_n', { n })} value={part.exam_id} error={error('exam_id')} disabled={disabled} onChange={(exam_id) => onPart({ exam_id })} />
            ) : (
              <Suspense fallback={<Skeleton variant="rounded" height={300} data-testid={`${id('body')}-loading`} />}>
                <RichTextEditor id={id('body')} label={t('contents:parts.body_n', { n })} value={part.body} error={error('body')} disabled={disabled} onChange={(body) => onPart({ body })} />
              </Suspense>
            )}
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

/** A file part's file: its preview (or icon), title and kind, and the button to choose another. */
function PartFileBox({ file, error, disabled, onPick, testId }: { file: PartFile | null; error?: string; disabled: boolean; onPick: () => void; testId: string }) {
  const { t } = useTranslation('contents');
  const preview = file ? filePreview(file) : null;
  const kind = file ? (file.is_url ? (file.provider ? t(`contents:parts.providers.${file.provider}`) : t('contents:parts.link')) : t(`contents:types.${file.type}`, { defaultValue: file.type })) : '';
  return (
    <Box data-testid={testId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Box
          sx={{ width: 72, height: 54, flex: 'none', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', color: 'text.secondary', border: 1, borderColor: error ? 'error.main' : 'transparent' }}
          aria-hidden="true"
        >
          {preview ? <Box component="img" src={preview} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : file?.is_url ? <LinkIcon /> : <ContentTypeIcon type={file?.type ?? 'document'} />}
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-user-content>
            {file ? file.title || file.file_name : t('contents:parts.no_file')}
          </Typography>
          {kind && (
            <Typography variant="caption" color="text.secondary">
              {kind}
            </Typography>
          )}
        </Box>
      </Stack>
      <Button variant="text" size="small" startIcon={<FolderOpenOutlinedIcon />} disabled={disabled} onClick={onPick} sx={{ mt: 1 }} data-testid="part-choose-file">
        {file ? t('contents:parts.change_file') : t('contents:parts.choose_file')}
      </Button>
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

/** A select of the author's exams (the Exam Centre), a draft one marked; a link to make one when there is none. */
function ExamSelect({ id, label, value, error, disabled, onChange }: { id: string; label: string; value: number | null; error?: string; disabled: boolean; onChange: (id: number | null) => void }) {
  const { t, i18n } = useTranslation('contents');
  const lang = i18n.language;
  const exams = useExamList({ page: 1, limit: EXAM_CHOICES });
  const options = exams.data?.data ?? [];
  const none = exams.isSuccess && options.length === 0;
  const hint = error ?? (exams.isError ? t('contents:parts.exams_error') : none ? undefined : t('contents:parts.exam_hint'));
  return (
    <Box>
      <TextField
        id={id}
        select
        label={label}
        value={value == null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        disabled={disabled}
        error={!!error || exams.isError}
        helperText={hint}
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        data-testid="part-exam"
      >
        <MenuItem value="" disabled>
          <em>{t('contents:parts.choose_exam')}</em>
        </MenuItem>
        {options.map((exam) => (
          <MenuItem key={exam.id} value={String(exam.id)}>
            {localTitle(exam, lang) || `#${formatNumber(exam.id, lang)}`}
            {!exam.published && ` (${t('contents:card.draft')})`}
          </MenuItem>
        ))}
        {/* A saved part's exam stays shown while the list loads (or when it is not among the first). */}
        {value != null && !options.some((e) => e.id === value) && <MenuItem value={String(value)}>{`#${formatNumber(value, lang)}`}</MenuItem>}
      </TextField>
      {none && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="no-exams">
          {t('contents:parts.no_exams')}{' '}
          <Link component={RouterLink} to={NEW_EXAM_PATH} target="_blank" rel="noopener">
            {t('contents:parts.new_exam')}
          </Link>
        </Alert>
      )}
    </Box>
  );
}
