// "Add" and "Edit" of a reference list's item: its English and Bangla titles, its place in the
// list (sort) and, for sub-levels, degrees, fields, districts and upazilas, its parent (picked by
// typing part of either title: there are 64 districts). The server's refusals show on their fields
// (a title already in the list, a parent gone), others above the buttons. Editing a category also
// shows its picture, which goes up (or away) at once, apart from Save.
import { Alert, Autocomplete, Box, createFilterOptions, Dialog, Grid, TextField, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { localDigits } from '../../../lib/digits';
import { fieldRefusal } from '../../../lib/field-error-text';
import { fieldErrorTexts, type FieldProblems } from '../../../lib/use-field-errors';
import { useErrorText } from '../../../lib/use-error-text';
import type { RefItem, ReferenceKind } from '../api/reference-api';
import { CategoryPicture } from './category-picture';
import { ITEM_FIELDS, itemProblems, saveItemMutation, TITLE_MAX, type ItemField, type ItemValues } from '../hooks/use-reference';
import { itemTitle, useItemCodeText } from './reference-parts';

// Not 'ref-item-title': that is the title field's id (boundTextField's `ref-item-<field>`).
const TITLE_ID = 'ref-item-dialog-title';

/** The form's refusals: the client's checks, else (until the field is changed) the server's. */
export function useItemErrors(error: unknown, kind?: ReferenceKind) {
  const word = useItemCodeText(kind);
  const errorText = useErrorText();
  const [problems, setProblems] = useState<FieldProblems<ItemField>>({});
  const [edited, setEdited] = useState<Set<ItemField>>(() => new Set());
  const { errors, formError } = fieldErrorTexts(ITEM_FIELDS, problems, edited, error, (c) => word(c) ?? c, (err, f) => fieldRefusal(err, f, (c) => word(c, f)), errorText);
  return {
    errors,
    formError,
    changed(fields: ItemField[]) {
      setEdited((prev) => new Set([...prev, ...fields]));
      setProblems((p) => Object.fromEntries(Object.entries(p).filter(([f]) => !fields.includes(f as ItemField))));
    },
    check(found: FieldProblems<ItemField>) {
      setProblems(found);
      if (Object.keys(found).length) return false;
      setEdited(new Set());
      return true;
    },
  };
}

export function ItemDialog(props: {
  kind: ReferenceKind;
  /** null: closed; 'new': a new item; else the item to edit. */
  item: RefItem | 'new' | null;
  /** The parents to choose from (sub-levels, degrees, fields); undefined when the list has none. */
  parents?: readonly RefItem[];
  /** A new item's parent (the list's filter). */
  defaultParent?: number | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  const open = props.item !== null;
  return (
    <Dialog open={open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="ref-item-dialog">
      {open && <ItemEditor key={props.item === 'new' ? 'new' : props.item!.id} {...props} item={props.item!} onBusy={setBusy} />}
    </Dialog>
  );
}

function ItemEditor({ kind, item, parents, defaultParent, onClose, onBusy }: { kind: ReferenceKind; item: RefItem | 'new'; parents?: readonly RefItem[]; defaultParent?: number | null; onClose: () => void; onBusy: (b: boolean) => void }) {
  const { t, i18n } = useTranslation(['reference', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const editing = item === 'new' ? null : item;
  const hasParent = parents !== undefined;
  const [values, setValues] = useState<ItemValues>(() => ({
    title: editing?.title ?? '',
    bn_title: editing?.bn_title ?? '',
    sort: editing ? localDigits(String(editing.sort), i18n.language) : '',
    parent_id: String(editing?.parent_id ?? defaultParent ?? ''),
  }));
  const save = useMutation(saveItemMutation(qc, kind, hasParent, editing?.id));
  const { errors, formError, changed, check } = useItemErrors(save.error, kind);

  const onSave = () => {
    if (!check(itemProblems(values, hasParent))) return;
    onBusy(true);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.show(t(editing ? 'reference:item.updated' : 'reference:item.created', { title: itemTitle(saved, i18n.language) }));
        onClose();
      },
      onSettled: () => onBusy(false),
    });
  };
  return (
    <ItemForm
      title={editing ? t('reference:item.edit_title', { title: itemTitle(editing, i18n.language) }) : t(`reference:kinds.${kind}.add`)}
      values={values}
      errors={errors}
      formError={formError}
      busy={save.isPending}
      parents={parents}
      parentLabel={hasParent ? t(`reference:kinds.${kind}.parent`) : ''}
      onChange={(patch) => {
        setValues((v) => ({ ...v, ...patch }));
        changed(Object.keys(patch) as ItemField[]);
      }}
      onSave={onSave}
      onCancel={onClose}
      extra={kind === 'categories' && editing ? <CategoryPicture item={editing} disabled={save.isPending} /> : undefined}
    />
  );
}

export interface ItemFormProps {
  title: string;
  values: ItemValues;
  errors: FieldProblems<ItemField>;
  formError?: string | null;
  busy: boolean;
  parents?: readonly RefItem[];
  parentLabel: string;
  onChange: (patch: Partial<ItemValues>) => void;
  onSave: () => void;
  onCancel: () => void;
  /** More of the item under the fields (a category's picture). */
  extra?: ReactNode;
}

export function ItemForm({ title, values, errors, formError, busy, parents, parentLabel, onChange, onSave, onCancel, extra }: ItemFormProps) {
  const { t } = useTranslation(['reference', 'common']);
  const text = boundTextField({ idPrefix: 'ref-item', values, errors, disabled: busy, onChange });
  const shrink = { inputLabel: { shrink: true } };
  return (
    <DialogForm titleId={TITLE_ID} title={title} busy={busy} submitLabel={t('common:actions.save')} onSubmit={onSave} onCancel={onCancel} testId="ref-item-form" submitTestId="ref-item-save">
      <Grid container spacing={2} sx={{ pt: 0.5 }}>
        {parents && (
          <Grid size={12}>
            <ParentPicker
              parents={parents}
              value={values.parent_id}
              label={parentLabel}
              error={errors.parent_id}
              disabled={busy}
              onChange={(parent_id) => onChange({ parent_id })}
            />
          </Grid>
        )}
        <Grid size={12}>
          {text('title', t('reference:item.title'), { required: true, autoFocus: true, slotProps: { htmlInput: { maxLength: TITLE_MAX, lang: 'en' }, ...shrink } })}
        </Grid>
        <Grid size={12}>
          {text('bn_title', t('reference:item.bn_title'), { required: true, slotProps: { htmlInput: { maxLength: TITLE_MAX, lang: 'bn' }, ...shrink } })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('sort', `${t('reference:item.sort')} (${t('common:form.optional')})`, {
            helperText: t('reference:item.sort_hint'),
            slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 9 }, ...shrink },
          })}
        </Grid>
        {extra && <Grid size={12}>{extra}</Grid>}
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="ref-item-error">
              {formError}
            </Alert>
          </Grid>
        )}
      </Grid>
    </DialogForm>
  );
}

/** Either title matches what is typed, whichever the interface's language. */
const matchParents = createFilterOptions<RefItem>({ stringify: (p) => `${p.title} ${p.bn_title}` });

/** The item's parent, picked from the whole parent list by typing part of its English or Bangla title. */
function ParentPicker({ parents, value, label, error, disabled, onChange }: { parents: readonly RefItem[]; value: string; label: string; error?: string; disabled: boolean; onChange: (id: string) => void }) {
  const { t, i18n } = useTranslation('reference');
  const lang = i18n.language;
  const chosen = parents.find((p) => String(p.id) === value) ?? null;
  return (
    <Autocomplete<RefItem, false, false, false>
      id="ref-item-parent_id"
      options={parents}
      value={chosen}
      onChange={(_, p) => onChange(p ? String(p.id) : '')}
      getOptionLabel={(p) => itemTitle(p, lang)}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      filterOptions={matchParents}
      renderOption={({ key: _key, ...props }, p) => {
        const other = lang === 'bn' ? p.title : p.bn_title;
        return (
          <Box component="li" {...props} key={p.id}>
            {itemTitle(p, lang)}
            {other && other !== itemTitle(p, lang) && (
              <Box component="span" lang={lang === 'bn' ? 'en' : 'bn'} sx={{ ml: 1, color: 'text.secondary', typography: 'body2' }}>
                {other}
              </Box>
            )}
          </Box>
        );
      }}
      noOptionsText={t('no_match')}
      autoHighlight
      disabled={disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          name="parent_id"
          label={label}
          placeholder={t('parent_placeholder')}
          required
          error={!!error}
          helperText={error}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
          data-testid="ref-item-parent"
        />
      )}
    />
  );
}
