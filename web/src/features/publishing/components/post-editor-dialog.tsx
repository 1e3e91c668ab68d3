// The post editor in its dialog (full-screen on phones, large on wide screens): a new post
// (?edit=new) or a saved one (?edit=<id>, read again with its body). Titles, category, summary,
// cover from the file manager, the rich text body, tags; a tutorial's video and duration; an
// article's link and where it shows. Blogs and tutorials are saved as drafts or submitted for
// approval; the site's admin publishes an article at once. The server's refusals show on their
// fields. The rich text editor (TipTap) is a chunk of its own, fetched when the dialog opens.
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { categoryTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useFieldErrors } from '../../../lib/use-field-errors';
import type { Post, PostCategory, PostType } from '../api/publishing-api';
import {
  addTags,
  POST_FIELDS,
  postProblems,
  postValues,
  SUMMARY_MAX,
  TAGS_MAX,
  TAG_MAX,
  TITLE_MAX,
  URL_MAX,
  type PostField,
  type PostFormValues,
} from '../hooks/post-form';
import { myPostQuery, savePostMutation, usePostCategories } from '../hooks/use-posts';
import { MediaPickerDialog, useMediaPicker } from './media-picker';
import { PictureField } from '../../../components/ui/picture-field';

// Only when the dialog is open: TipTap and ProseMirror stay out of every other download.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

const TITLE_ID = 'post-editor-title';
/** The editor's height with its toolbar, kept while its code loads. */
const EDITOR_HEIGHT = 300;

export interface PostEditorDialogProps {
  type: PostType;
  /** `new`, a post's id, or null (closed). */
  edit: string | null;
  onClose: () => void;
}

export default function PostEditorDialog({ type, edit, onClose }: PostEditorDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Not closed (Escape, the backdrop) while a save runs.
  const [saving, setSaving] = useState(false);
  // What was opened last stays drawn while the dialog closes.
  const [shown, setShown] = useState(edit);
  if (edit !== null && edit !== shown) setShown(edit);
  const id = shown && shown !== 'new' && /^\d+$/.test(shown) ? Number(shown) : null;
  return (
    <Dialog
      open={edit !== null}
      onClose={() => !saving && onClose()}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby={TITLE_ID}
      data-testid="post-editor"
    >
      {shown === 'new' ? (
        <PostEditor key="new" type={type} post={null} onClose={onClose} onBusy={setSaving} />
      ) : id ? (
        <SavedPost key={id} type={type} id={id} onClose={onClose} onBusy={setSaving} />
      ) : shown ? (
        <Missing type={type} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

interface EditorProps {
  type: PostType;
  onClose: () => void;
  onBusy: (saving: boolean) => void;
}

function Missing({ type, onClose, children }: { type: PostType; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation(['publishing', 'common']);
  return (
    <>
      <DialogTitle id={TITLE_ID}>{t(`publishing:form.edit_title.${type}`)}</DialogTitle>
      <DialogContent dividers>{children ?? <EmptyState message={t('publishing:form.not_found')} />}</DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </>
  );
}

/** A saved post, read with its body (lists carry none). */
function SavedPost({ id, ...props }: EditorProps & { id: number }) {
  const query = useQuery({ ...myPostQuery(props.type, id), staleTime: 0 });
  if (query.data) return <PostEditor {...props} post={query.data} />;
  return (
    <Missing type={props.type} onClose={props.onClose}>
      {query.isLoading ? (
        <Skeleton variant="rounded" height={360} />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : undefined}
    </Missing>
  );
}

/** A problem code of the form in words: the form's own (publishing:errors.<code>), else the shared errors:<code>. */
export function usePostProblemText() {
  const { t, i18n } = useTranslation(['publishing', 'errors']);
  return (code: string) => (i18n.exists(`publishing:errors.${code}`) ? t(`publishing:errors.${code}`) : t(`errors:${code}`));
}

function PostEditor({ type, post, onClose, onBusy }: EditorProps & { post: Post | null }) {
  const { t, i18n } = useTranslation(['publishing', 'errors', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const categories = usePostCategories(type);
  const [values, setValues] = useState<PostFormValues>(() => postValues(post, i18n.language));
  const save = useMutation(savePostMutation(qc, type, post?.id));
  useEffect(() => onBusy(save.isPending), [onBusy, save.isPending]);
  const codeText = usePostProblemText();
  const { errors, formError, changed, check } = useFieldErrors(POST_FIELDS, save.error, codeText);

  const onChange = (patch: Partial<PostFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as PostField[]);
  };
  const { picker, attaching, openPicker } = useMediaPicker<'cover' | 'video_url'>((field, url) => onChange(field === 'cover' ? { cover: url } : { video_url: url }));

  const onSave = (submit: boolean) => {
    if (!check(postProblems(type, values))) return;
    save.mutate(
      { values, submit },
      {
        onSuccess: (saved) => {
          const key = type === 'article' ? (saved.status === 'published' ? 'saved_published' : 'saved') : submit ? 'submitted' : 'saved_draft';
          toast.show(t(`publishing:form.toast.${key}`, { title: saved.title }));
          onClose();
        },
      },
    );
  };

  return (
    <>
      <PostForm
        type={type}
        post={post}
        values={values}
        categories={categories.data ?? []}
        errors={errors}
        formError={formError}
        // Articles have one button.
        busy={save.isPending ? (type === 'article' || save.variables?.submit ? 'submit' : 'draft') : null}
        attaching={attaching}
        onChange={onChange}
        onPickCover={() => openPicker('cover')}
        onPickVideo={() => openPicker('video_url')}
        onSave={onSave}
        onCancel={onClose}
      />
      <MediaPickerDialog
        picker={picker}
        type={picker.field === 'video_url' ? 'video' : 'image'}
        // Videos may be links (a YouTube video kept as a file, or one added there).
        allowLinks={picker.field === 'video_url'}
        title={picker.field === 'video_url' ? t('publishing:form.video_picker') : t('publishing:form.cover_picker')}
      />
    </>
  );
}

export interface PostFormProps {
  type: PostType;
  /** The saved post being edited; null for a new one. */
  post: Post | null;
  values: PostFormValues;
  categories: PostCategory[];
  /** Each field's refusal (the client's check or the server's), worded. */
  errors: Partial<Record<PostField, string>>;
  /** A refusal of no particular field. */
  formError?: string | null;
  /** The save running: as a draft, or submitted (articles: 'submit'). */
  busy: 'draft' | 'submit' | null;
  /** The field whose file is being attached. */
  attaching?: 'cover' | 'video_url' | null;
  onChange: (patch: Partial<PostFormValues>) => void;
  onPickCover: () => void;
  onPickVideo: () => void;
  /** Blogs and tutorials: `submit` for approval; articles: saved (published per the switch). */
  onSave: (submit: boolean) => void;
  onCancel: () => void;
}

/** The form itself: its title, fields and buttons, to sit in the dialog. */
export function PostForm({ type, post, values, categories, errors, formError, busy, attaching, onChange, onPickCover, onPickVideo, onSave, onCancel }: PostFormProps) {
  const { t, i18n } = useTranslation(['publishing', 'common']);
  const lang = i18n.language;
  const disabled = busy !== null;
  const shrink = { inputLabel: { shrink: true } };
  const count = (n: number, max: number) => t('publishing:form.count', { n: formatNumber(n, lang), max: formatNumber(max, lang) });
  const text = boundTextField({ idPrefix: 'post', values, errors, disabled, onChange });
  const writer = type !== 'article';
  return (
    <Box
      component="form"
      noValidate
      data-testid="post-form"
      data-type={type}
      onSubmit={(e) => {
        e.preventDefault();
        // Enter in a field saves; a blog or tutorial as a draft (nothing goes for approval unasked).
        if (!disabled) onSave(false);
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <DialogTitle id={TITLE_ID}>{post ? t(`publishing:form.edit_title.${type}`) : t(`publishing:form.new_title.${type}`)}</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            {text('title', t('publishing:form.title'), { required: true, autoFocus: !post, slotProps: { htmlInput: { maxLength: TITLE_MAX }, ...shrink } })}
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            {text('title_bn', t('publishing:form.title_bn'), { slotProps: { htmlInput: { maxLength: TITLE_MAX, lang: 'bn' }, ...shrink } })}
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              select
              id="post-category_id"
              label={t('publishing:form.category')}
              value={values.category_id == null ? '' : String(values.category_id)}
              onChange={(e) => onChange({ category_id: e.target.value ? Number(e.target.value) : null })}
              disabled={disabled}
              error={!!errors.category_id}
              helperText={errors.category_id}
              required
              fullWidth
              slotProps={shrink}
              data-testid="post-category"
            >
              {/* A saved post's category stays shown while the list of them loads. */}
              {post && !categories.some((c) => c.id === post.category_id) && <MenuItem value={String(post.category_id)}>{categoryTitle(post.category, lang)}</MenuItem>}
              {categories.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {categoryTitle(c, lang)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TagsField tags={values.tags} error={errors.tags} disabled={disabled} onChange={(tags) => onChange({ tags })} />
          </Grid>
          <Grid size={12}>
            {text('summary', t('publishing:form.summary'), {
              multiline: true,
              minRows: 2,
              helperText: `${t('publishing:form.summary_hint')} ${count(values.summary.length, SUMMARY_MAX)}`,
              slotProps: { htmlInput: { maxLength: SUMMARY_MAX }, ...shrink },
            })}
          </Grid>
          <Grid size={{ xs: 12, md: type === 'tutorial' ? 6 : 12 }}>
            <PictureField
              src={values.cover}
              label={t('publishing:form.cover')}
              alt={t('publishing:form.cover_preview')}
              emptyText={t('publishing:form.no_cover')}
              pickLabel={t('publishing:form.choose_file')}
              error={errors.cover}
              disabled={disabled}
              attaching={attaching === 'cover'}
              maxWidth={360}
              onPick={onPickCover}
              remove={{ label: t('publishing:form.remove_cover'), onRemove: () => onChange({ cover: null }), testId: 'remove-cover' }}
              testIds={{ preview: 'cover-preview', pick: 'pick-cover', error: 'cover-error' }}
            />
          </Grid>
          {type === 'tutorial' && (
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={2}>
                {text('video_url', t('publishing:form.video_url'), {
                  required: true,
                  type: 'url',
                  placeholder: 'https://',
                  helperText: t('publishing:form.video_url_hint'),
                  slotProps: { htmlInput: { maxLength: URL_MAX, inputMode: 'url', spellCheck: false }, ...shrink },
                })}
                <Box>
                  <Button
                    variant="outlined"
                    startIcon={attaching === 'video_url' ? <CircularProgress size={16} /> : <FolderOpenOutlinedIcon />}
                    disabled={disabled || attaching === 'video_url'}
                    onClick={onPickVideo}
                    data-testid="pick-video"
                  >
                    {t('publishing:form.choose_file')}
                  </Button>
                </Box>
                {text('duration', t('publishing:form.duration'), {
                  placeholder: '00:45:00',
                  helperText: t('publishing:form.duration_hint'),
                  slotProps: { htmlInput: { maxLength: 9, spellCheck: false, autoComplete: 'off' }, ...shrink },
                })}
              </Stack>
            </Grid>
          )}
          <Grid size={12}>
            <Suspense fallback={<Skeleton variant="rounded" height={EDITOR_HEIGHT} data-testid="post-body-loading" />}>
              <RichTextEditor
                id="post-body"
                label={t('publishing:form.body')}
                value={values.body}
                error={errors.body}
                disabled={disabled}
                onChange={(body) => onChange({ body })}
              />
            </Suspense>
          </Grid>
          {type === 'article' && (
            <>
              <Grid size={12}>
                {text('link', t('publishing:form.link'), {
                  type: 'url',
                  placeholder: 'https://',
                  helperText: t('publishing:form.link_hint'),
                  slotProps: { htmlInput: { maxLength: URL_MAX, inputMode: 'url', spellCheck: false }, ...shrink },
                })}
              </Grid>
              <Grid size={12}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 3 }} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <FormControlLabel
                    control={<Switch checked={values.news} disabled={disabled} onChange={(e) => onChange({ news: e.target.checked })} id="post-news" />}
                    label={t('publishing:form.news')}
                  />
                  <FormControlLabel
                    control={<Switch checked={values.popup} disabled={disabled} onChange={(e) => onChange({ popup: e.target.checked })} id="post-popup" />}
                    label={t('publishing:form.popup')}
                  />
                  <FormControlLabel
                    control={<Switch checked={values.publish} disabled={disabled} onChange={(e) => onChange({ publish: e.target.checked })} id="post-publish" />}
                    label={t('publishing:form.publish_now')}
                  />
                </Stack>
              </Grid>
            </>
          )}
          {writer && (
            <Grid size={12}>
              <Alert severity="info" data-testid="approval-note">
                {post?.status === 'published' ? t('publishing:form.approval_again') : t('publishing:form.approval')}
              </Alert>
            </Grid>
          )}
          {formError && (
            <Grid size={12}>
              <Alert severity="error" data-testid="post-form-error">
                {formError}
              </Alert>
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={disabled}>
          {t('common:actions.cancel')}
        </Button>
        {writer && (
          <Button
            type="submit"
            variant="outlined"
            disabled={disabled}
            startIcon={busy === 'draft' ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="save-draft"
          >
            {t('publishing:form.save_draft')}
          </Button>
        )}
        <Button
          type={writer ? 'button' : 'submit'}
          variant="contained"
          disabled={disabled}
          onClick={writer ? () => onSave(true) : undefined}
          startIcon={busy === 'submit' ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid={writer ? 'submit-post' : 'save-post'}
        >
          {writer ? t('publishing:form.submit') : t('publishing:form.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Tags as chips: Enter, a comma or leaving the field adds what was typed; at most TAGS_MAX. */
function TagsField({ tags, error, disabled, onChange }: { tags: string[]; error?: string; disabled: boolean; onChange: (tags: string[]) => void }) {
  const { t, i18n } = useTranslation('publishing');
  const [typed, setTyped] = useState('');
  const full = tags.length >= TAGS_MAX;
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      id="post-tags"
      options={[]}
      value={tags}
      inputValue={typed}
      disabled={disabled}
      onChange={(_, next) => {
        // Removing a chip keeps the rest; what was added is cleaned and counted.
        const kept = next.filter((tag) => tags.includes(tag));
        onChange(addTags(kept, next.filter((tag) => !tags.includes(tag))));
        setTyped('');
      }}
      onInputChange={(_, v, reason) => {
        if (reason === 'input' && /[,،]/.test(v)) {
          onChange(addTags(tags, [v]));
          setTyped('');
        } else setTyped(v);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('form.tags')}
          placeholder={full ? undefined : t('form.tags_placeholder')}
          error={!!error}
          helperText={error ?? t('form.tags_hint', { n: formatNumber(tags.length, i18n.language), max: formatNumber(TAGS_MAX, i18n.language), chars: formatNumber(TAG_MAX, i18n.language) })}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: TAG_MAX * 2, readOnly: full || undefined }, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
          data-testid="post-tags"
        />
      )}
    />
  );
}
