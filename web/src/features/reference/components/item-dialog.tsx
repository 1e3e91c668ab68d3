// "Add" and "Edit" of a reference list's item: its English and Bangla titles, its place in the
// list (sort) and, for sub-levels, degrees and fields, its parent. The server's refusals show on
// their fields (a title already in the list, a parent gone), others above the buttons.
import { Alert, Dialog, Grid, MenuItem, TextField, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { localDigits } from '../../../lib/digits';
import { fieldRefusal } from '../../../lib/field-error-text';
import { fieldErrorTexts, type FieldProblems } from '../../../lib/use-field-errors';
import { useErrorText } from '../../../lib/use-error-text';
import type { RefItem, ReferenceKind } from '../api/reference-api';
import { ITEM_FIELDS, itemProblems, saveItemMutation, TITLE_MAX, type ItemField, type ItemValues } from '../hooks/use-reference';
import { itemTitle } from './reference-parts';

const TITLE_ID = 'ref-item-title';

/** A problem code in the form's words: reference:problems.<code>, else errors:<code>; null when neither knows it. */
export function useItemCodeText() {
  const { t, i18n } = useTranslation(['reference', 'errors']);
  return (code: string): string | null =>
    i18n.exists(`reference:problems.${code}`) ? t(`reference:problems.${code}`) : i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : null;
}

/** The form's refusals: the client's checks, else (until the field is changed) the server's. */
export function useItemErrors(error: unknown) {
  const word = useItemCodeText();
  const errorText = useErrorText();
  const [problems, setProblems] = useState<FieldProblems<ItemField>>({});
  const [edited, setEdited] = useState<Set<ItemField>>(() => new Set());
  const { errors, formError } = fieldErrorTexts(ITEM_FIELDS, problems, edited, error, (c) => word(c) ?? c, (err, f) => fieldRefusal(err, f, word), errorText);
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
  const { errors, formError, changed, check } = useItemErrors(save.error);

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
}

export function ItemForm({ title, values, errors, formError, busy, parents, parentLabel, onChange, onSave, onCancel }: ItemFormProps) {
  const { t, i18n } = useTranslation(['reference', 'common']);
  const text = boundTextField({ idPrefix: 'ref-item', values, errors, disabled: busy, onChange });
  const shrink = { inputLabel: { shrink: true } };
  return (
    <DialogForm titleId={TITLE_ID} title={title} busy={busy} submitLabel={t('common:actions.save')} onSubmit={onSave} onCancel={onCancel} testId="ref-item-form" submitTestId="ref-item-save">
      <Grid container spacing={2} sx={{ pt: 0.5 }}>
        {parents && (
          <Grid size={12}>
            <TextField
              select
              id="ref-item-parent_id"
              name="parent_id"
              label={parentLabel}
              value={parents.some((p) => String(p.id) === values.parent_id) ? values.parent_id : ''}
              onChange={(e) => onChange({ parent_id: e.target.value })}
              disabled={busy}
              required
              fullWidth
              error={!!errors.parent_id}
              helperText={errors.parent_id}
              slotProps={shrink}
              data-testid="ref-item-parent"
            >
              {parents.map((p) => (
                <MenuItem key={p.id} value={String(p.id)}>
                  {itemTitle(p, i18n.language)}
                </MenuItem>
              ))}
            </TextField>
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
