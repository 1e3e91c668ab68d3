// /contents/edit/:id: a new item (`new`) or one of the author's own, read again with its parts. The
// cover and the files of file parts come from the file manager's picker (fetched when it first
// opens). Saving creates or updates the whole item (parts with their ids keep learners' progress)
// and goes back to /contents/my; the server's refusals show on their fields (`parts.{i}.file_id`
// on that part), else above the buttons. Authors only (the people who may author courses).
import { Box, Skeleton } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ForbiddenPage } from '../../../components/errors/forbidden-page';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import type { PickerFile } from '../../../lib/file-picker-api';
import { idParam } from '../../../lib/list-params';
import { PAGE_ACCESS } from '../../../lib/menu-class';
import { useCurrentUser } from '../../../lib/session';
import { useFieldErrors } from '../../../lib/use-field-errors';
import type { ContentDetail, PartFileType } from '../api/contents-api';
import { contentProblems, contentValues, CONTENT_FIELDS, formFields, movePart, newPart, partField, PART_FIELDS, removePart, type ContentFormValues, type PartValues } from '../hooks/content-form';
import { contentQuery, saveContentMutation } from '../hooks/use-contents';
import { useContentProblemText } from '../hooks/use-problem-text';
import { useContentTitle } from './content-cards';
import { ContentEditorForm, LIST_PATH } from './content-editor-form';
import { isAuthor } from './content-list-page';

// Only when a file is being chosen.
const FilePickerDialog = lazy(() => import('../../../components/ui/file-picker-dialog').then((m) => ({ default: m.FilePickerDialog })));

export function ContentEditorPage({ id }: { id: string | undefined }) {
  const { menuClass, isLoading } = useCurrentUser();
  if (isLoading) return <Skeleton variant="rounded" height={480} />;
  if (!isAuthor(menuClass)) return <ForbiddenPage allowed={PAGE_ACCESS.authoring} />;
  if (id === 'new') return <ContentEditor key="new" item={null} />;
  const itemId = idParam(id);
  return itemId ? <SavedContent key={itemId} id={itemId} /> : <NotFoundPage />;
}

function EditorShell({ editing, children }: { editing: boolean; children: ReactNode }) {
  const { t } = useTranslation('contents');
  return (
    <Box data-testid="content-editor-page" sx={{ maxWidth: 1100 }}>
      <PageHeader title={editing ? t('contents:form.edit_title') : t('contents:form.new_title')} subtitle={t('contents:form.subtitle')} />
      {children}
    </Box>
  );
}

/** A saved item, read again with its parts (fresh: someone may have changed it since). */
function SavedContent({ id }: { id: number }) {
  const { t } = useTranslation('contents');
  const query = useQuery({ ...contentQuery(id), staleTime: 0 });
  if (query.data?.mine) return <ContentEditor item={query.data} />;
  return (
    <EditorShell editing>
      {query.isLoading ? (
        <Skeleton variant="rounded" height={480} />
      ) : query.data ? (
        <EmptyState message={t('contents:form.not_yours')} />
      ) : query.error instanceof ApiError && query.error.status === 404 ? (
        <EmptyState message={t('contents:form.not_found')} />
      ) : (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      )}
    </EditorShell>
  );
}

/** The fields a change of the item's values touches (their refusals go). */
function touched(patch: Partial<ContentFormValues>): string[] {
  return Object.keys(patch).map((k) => (k === 'cover' ? 'cover_file_id' : k === 'shared' || k.startsWith('share_') ? 'shared_with' : k));
}

/** Every part's fields: their places change when parts move, are added or removed. */
function allPartFields(count: number): string[] {
  return ['parts', ...formFields(count).filter((f) => !(CONTENT_FIELDS as readonly string[]).includes(f))];
}

/** What the picker chooses: the cover, a new file part of a type, or another file for part `index`. */
type Picking = { for: 'cover' } | { for: 'part'; type: PartFileType; index: number | null };

function ContentEditor({ item }: { item: ContentDetail | null }) {
  // The form's namespaces at once (the sharing field's and the refusals' too), not one after another.
  const { t, i18n } = useTranslation(['contents', 'files', 'errors', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const title = useContentTitle();
  const [values, setValues] = useState<ContentFormValues>(() => contentValues(item, i18n.language));
  const save = useMutation(saveContentMutation(qc, item?.id ?? null));
  const codeText = useContentProblemText();
  const count = values.parts.length;
  const { errors, formError, changed, check } = useFieldErrors(formFields(count), save.error, codeText);
  // The picker: what it chooses for (kept while it closes), and whether it is open.
  const [picking, setPicking] = useState<Picking | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);

  const onChange = (patch: Partial<ContentFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(touched(patch));
  };
  const setParts = (parts: PartValues[]) => {
    const before = values.parts.length;
    setValues((v) => ({ ...v, parts }));
    changed(allPartFields(Math.max(before, parts.length)));
  };
  const onPart = (index: number, patch: Partial<PartValues>) => {
    setValues((v) => ({ ...v, parts: v.parts.map((p, i) => (i === index ? { ...p, ...patch } : p)) }));
    changed(Object.keys(patch).map((k) => partField(index, (k === 'file' ? 'file_id' : k) as (typeof PART_FIELDS)[number])));
  };
  const openPicker = (next: Picking) => {
    setPicking(next);
    setPickerOpen(true);
  };
  const onPick = (file: PickerFile) => {
    setPickerOpen(false);
    if (!picking) return;
    if (picking.for === 'cover') onChange({ cover_file_id: file.id, cover: file.file_main_path });
    else if (picking.index == null) setParts([...values.parts, newPart('file', file)]);
    else onPart(picking.index, { file });
  };

  const onSave = () => {
    if (!check(contentProblems(values))) {
      focusFirstError();
      return;
    }
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.show(t(item ? 'contents:toast.saved' : 'contents:toast.created', { title: title(saved) }));
        navigate(LIST_PATH);
      },
      onError: focusFirstError,
    });
  };

  return (
    <EditorShell editing={!!item}>
      <ContentEditorForm
        editing={!!item}
        values={values}
        errors={errors}
        formError={formError}
        busy={save.isPending}
        onChange={onChange}
        onPickCover={() => openPicker({ for: 'cover' })}
        onSave={onSave}
        onPart={onPart}
        onMove={(index, by) => setParts([...movePart(values.parts, index, by)])}
        onRemove={(index) => setParts(removePart(values.parts, index))}
        onPickFile={(type, index) => openPicker({ for: 'part', type, index: index ?? null })}
        onAdd={(kind) => setParts([...values.parts, newPart(kind)])}
      />
      {picking && (
        <Suspense fallback={null}>
          <FilePickerDialog
            open={pickerOpen}
            onClose={() => setPickerOpen(false)}
            onPick={onPick}
            type={picking.for === 'cover' ? 'image' : picking.type}
            // A part may play a link (a YouTube video kept as a file); the cover is a stored image.
            allowLinks={picking.for === 'part'}
            title={picking.for === 'cover' ? t('contents:form.cover_picker') : t('contents:parts.file_picker', { type: t(`contents:types.${picking.type}`) })}
          />
        </Suspense>
      )}
    </EditorShell>
  );
}

/** Brings the first refused field into view and focus, once the refusals are drawn. */
function focusFirstError() {
  window.setTimeout(() => {
    // Not a select's hidden input: its visible box is invalid too.
    const field = document.querySelector<HTMLElement>('[data-testid="content-form"] [aria-invalid="true"]:not([aria-hidden="true"]), [data-testid="content-form"] [role="alert"], [data-testid="content-form-error"]');
    field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (field && 'focus' in field && field.matches('input, textarea, [tabindex], [contenteditable="true"]')) field.focus({ preventScroll: true });
  }, 0);
}
