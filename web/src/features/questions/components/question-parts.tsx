// Small pieces shared by the question bank screens.
import { Chip, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder, QuestionSummary, QuestionType } from '../api/questions-api';
import { buildFolderTree, flattenTree } from '../../../lib/folder-tree';

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
