// Small pieces shared by the question bank screens, and sharing them with colleagues: a question,
// or a folder with every question in it at any depth. The share dialog is the file manager's
// (components/ui/share-dialog.tsx), fetched when first opened; whom a question is shared with is
// read with the question.
import { Chip, MenuItem, TextField, Typography, type TextFieldProps } from '@mui/material';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedPerson } from '../../../lib/share-people';
import type { Folder, QuestionSummary, QuestionType } from '../api/questions-api';
import { buildFolderTree, flattenTree } from '../../../lib/folder-tree';
import { shareFolderSaved, shareQuestionSaved, useQuestion } from '../hooks/use-questions';

/** The question's text in the interface language, else in the other one. */
export function questionText(q: Pick<QuestionSummary, 'text' | 'text_bn'>, lang: string): string {
  const en = q.text?.trim() ?? '';
  const bn = q.text_bn?.trim() ?? '';
  return lang === 'bn' ? bn || en : en || bn;
}

export function TypeChip({ type }: { type: QuestionType }) {
  const { t } = useTranslation('questions');
  return <Chip size="small" variant="outlined" color="primary" label={t(`types.${type}`)} data-testid="question-type" data-type={type} />;
}

/**
 * A select of every folder as a tree (indented by depth). `emptyLabel` names the '' value (no
 * folder, all folders, top level); `skip` leaves out a folder and its subfolders (moving a folder).
 */
export function FolderSelect({
  folders,
  value,
  onChange,
  emptyLabel,
  skip,
  ...rest
}: Omit<TextFieldProps, 'onChange' | 'value' | 'select' | 'children'> & {
  folders: readonly Folder[];
  value: string;
  onChange: (value: string) => void;
  emptyLabel: string;
  skip?: number | null;
}) {
  const { i18n } = useTranslation();
  const flat = useMemo(() => flattenTree(buildFolderTree(folders, i18n.language), skip), [folders, skip, i18n.language]);
  // A folder not in the list (deleted meanwhile, list still loading) keeps its value without an empty select.
  const known = value === '' || flat.some((f) => String(f.folder.id) === value);
  return (
    <TextField
      {...rest}
      select
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ ...rest.slotProps, inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">
        <em>{emptyLabel}</em>
      </MenuItem>
      {flat.map(({ folder, depth }) => (
        <MenuItem key={folder.id} value={String(folder.id)} sx={{ pl: 2 + depth * 2 }} data-testid="folder-option">
          {depth > 0 ? '└ ' : ''}
          {folder.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The Share action's icon ("add people"). The bank's screens take it from here, so that it comes
 * with this module's chunk rather than in a chunk of its own.
 */
export const ShareIcon = PersonAddAlt1OutlinedIcon;

const LazyShareDialog = lazy(() => import('../../../components/ui/share-dialog').then((m) => ({ default: m.ShareDialog })));

/** The share dialog once it has been opened (it stays drawn while it closes). */
function ShareDialog(props: ComponentProps<typeof LazyShareDialog>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyShareDialog {...props} />
    </Suspense>
  );
}

/** "Shared with 2 people" on an item shared with `count` colleagues; nothing on one that is not. */
export function SharedCount({ count }: { count: number | undefined }) {
  const { t } = useTranslation('questions');
  if (!count) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }} data-testid="shared-count" data-count={count}>
      <GroupOutlinedIcon sx={{ fontSize: 16 }} aria-hidden />
      {t('questions:share.shared_with', { count })}
    </Typography>
  );
}

/** Shares one of my questions (`question`: its id and the name the dialog shows; null: closed). */
export function QuestionShareDialog({ question, onClose }: { question: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('questions');
  const qc = useQueryClient();
  const query = useQuestion(question?.id ?? 0);
  return (
    <ShareDialog
      open={!!question}
      title={t('questions:share.question_title')}
      name={question?.name ?? ''}
      people={query.data?.shared_with}
      loadError={query.error}
      onRetry={() => query.refetch()}
      save={(users) => shareQuestionSaved(qc, question?.id ?? 0, users)}
      onClose={onClose}
    />
  );
}

/** Shares one of my folders; `people`: whom it is shared with now (undefined while that loads). */
export function FolderShareDialog({ folder, people, loadError, onRetry, onClose }: { folder: Folder | null; people: readonly SharedPerson[] | undefined; loadError?: unknown; onRetry?: () => void; onClose: () => void }) {
  const { t } = useTranslation('questions');
  const qc = useQueryClient();
  return (
    <ShareDialog
      open={!!folder}
      title={t('questions:share.folder_title')}
      name={folder?.name ?? ''}
      people={people}
      loadError={loadError}
      onRetry={onRetry}
      save={(users) => shareFolderSaved(qc, folder?.id ?? 0, users)}
      onClose={onClose}
    />
  );
}
