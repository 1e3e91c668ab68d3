// The category picker of the authoring forms (courses, questions): the site's categories, "no
// category", and a value the list no longer has kept as it is.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ControllerFieldState, ControllerRenderProps, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { categoryTitle } from '../../lib/course-text';
import { useCategories } from '../../lib/public-queries';

interface Props<T extends FieldValues> {
  field: ControllerRenderProps<T, Path<T>>;
  fieldState: ControllerFieldState;
  id: string;
  label: string;
  noneLabel: string;
  loadErrorText: string;
}

export function CategorySelect<T extends FieldValues>({ field, fieldState, id, label, noneLabel, loadErrorText }: Props<T>) {
  const { i18n } = useTranslation();
  const categories = useCategories();
  const value = String(field.value ?? '');
  return (
    <TextField
      {...field}
      id={id}
      select
      label={label}
      fullWidth
      error={!!fieldState.error || categories.isError}
      helperText={fieldState.error?.message ?? (categories.isError ? loadErrorText : undefined)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">
        <em>{noneLabel}</em>
      </MenuItem>
      {(categories.data ?? []).map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {categoryTitle(c, i18n.language)}
        </MenuItem>
      ))}
      {value && categories.data && !categories.data.some((c) => String(c.id) === value) && <MenuItem value={value}>#{value}</MenuItem>}
    </TextField>
  );
}
