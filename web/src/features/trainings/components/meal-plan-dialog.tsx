// A meal plan's dialog: when (HH:MM) and where the meal is served, the meals beyond the trainees
// (trainers, staff), and its items, each with the quantity a person gets, chosen from the site's
// food items; an item missing from them is added on the way. Refusals show on their fields (an
// item's on its row); another plan of the same meal (409) above the buttons.
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Collapse,
  Dialog,
  Grid,
  IconButton,
  InputAdornment,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import PlaylistAddOutlinedIcon from '@mui/icons-material/PlaylistAddOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { localName } from '../../../lib/course-text';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { createFoodItem, saveMealPlan, type FoodItem, type MealPlan, type MealType } from '../api/trainings-api';
import { FOOD_FIELDS, foodBody, foodProblems, NAME_MAX, UNIT_MAX, type FoodField, type FoodValues } from '../hooks/detail-forms';
import {
  LOCATION_MAX,
  MEAL_SERVER_FIELDS,
  mealBody,
  mealHasProblems,
  mealProblems,
  mealValues,
  newItemRow,
  serverItemErrors,
  type ItemField,
  type MealField,
  type MealItemRow,
  type MealValues,
} from '../hooks/meal-form';
import { useKnownProblemWords, useProblemWords } from '../hooks/use-problem-words';
import { trainingKeys, useFoodItems } from '../hooks/use-trainings';

const TITLE_ID = 'meal-plan-dialog-title';

export interface MealPlanDialogProps {
  open: boolean;
  batchId: number;
  mealType: MealType;
  /** null: a new plan. */
  plan: MealPlan | null;
  onClose: () => void;
  onSaved: (saved: MealPlan) => void;
}

export function MealPlanDialog(props: MealPlanDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="meal-plan-dialog">
      <MealPlanForm key={`${props.mealType}:${props.plan?.id ?? 'new'}`} {...props} onBusy={setBusy} />
    </Dialog>
  );
}

type ItemProblems = Partial<Record<ItemField, string>>;

export function MealPlanForm({ batchId, mealType, plan, onClose, onSaved, onBusy }: MealPlanDialogProps & { onBusy: (busy: boolean) => void }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const words = useProblemWords();
  const known = useKnownProblemWords();
  const catalogue = useFoodItems();
  const [values, setValues] = useState<MealValues>(() => mealValues(mealType, plan, lang));
  // The client's problems of each item row (by its key), and the rows changed since the server refused them.
  const [itemProblems, setItemProblems] = useState<Record<string, ItemProblems>>({});
  const [editedRows, setEditedRows] = useState<ReadonlySet<string>>(() => new Set());
  const [adding, setAdding] = useState(false);
  const save = useMutation({
    mutationFn: (v: MealValues) => saveMealPlan(mealBody(batchId, mealType, v, plan?.id)),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: onSaved,
  });
  const { errors, formError, changed, check } = useFieldErrors(MEAL_SERVER_FIELDS, save.error, words);
  const serverItems = serverItemErrors(save.error, known);
  const onChange = (patch: Partial<Omit<MealValues, 'items'>>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as MealField[]);
  };
  const setRow = (key: string, patch: Partial<MealItemRow>) => {
    setValues((v) => ({ ...v, items: v.items.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
    setItemProblems((p) => ({ ...p, [key]: {} }));
    setEditedRows((s) => new Set([...s, key]));
  };
  const itemError = (row: MealItemRow, index: number, field: ItemField): string | undefined => {
    const code = itemProblems[row.key]?.[field];
    if (code) return words(code);
    return editedRows.has(row.key) ? undefined : serverItems[index]?.[field];
  };
  const submit = () => {
    const found = mealProblems(values);
    const fieldsOk = check(found.fields);
    setItemProblems(Object.fromEntries(values.items.map((r, i) => [r.key, found.items[i] ?? {}])));
    setEditedRows(new Set());
    if (fieldsOk && !mealHasProblems(found)) save.mutate(values);
  };
  /** A new food item goes into the first row without one, else a new row. */
  const placeNewItem = (item: FoodItem) =>
    setValues((v) => {
      const free = v.items.find((r) => r.item_id == null);
      return free ? { ...v, items: v.items.map((r) => (r === free ? { ...r, item_id: item.id } : r)) } : { ...v, items: [...v.items, newItemRow(item.id)] };
    });

  const text = boundTextField({ idPrefix: 'meal', values: values as unknown as Record<MealField, string>, errors, disabled: save.isPending, onChange });
  const items = catalogue.data ?? [];
  const meal = t(`trainings:meal_types.${mealType}`);
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={plan ? t('trainings:meals.edit_title', { meal }) : t('trainings:meals.add_title', { meal })}
      busy={save.isPending}
      submitLabel={t('common:actions.save')}
      onSubmit={submit}
      onCancel={onClose}
      testId="meal-plan-form"
      submitTestId="save-meal-plan"
    >
      <Stack spacing={2.5}>
        {/* Another plan of this meal (on the meal), or a refusal of no field shown. */}
        {(errors.meal_type ?? (!Object.keys(serverItems).length && formError)) && (
          <Alert severity="error" data-testid="meal-plan-error">
            {errors.meal_type ?? formError}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            {text('training_time', t('trainings:meals.time'), { type: 'time', required: true, autoFocus: true, slotProps: { inputLabel: { shrink: true }, htmlInput: { step: 300 } } })}
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>{text('location', t('trainings:meals.location'), { helperText: t('trainings:meals.location_hint'), slotProps: { htmlInput: { maxLength: LOCATION_MAX } } })}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {text('extra_count', t('trainings:meals.extra_count'), { helperText: t('trainings:meals.extra_hint'), slotProps: { htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 6 } } })}
          </Grid>
        </Grid>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t('trainings:meals.items')}
          </Typography>
          <Stack spacing={1.5} data-testid="meal-items">
            {values.items.map((row, index) => {
              const chosen = items.find((i) => i.id === row.item_id) ?? null;
              const itemErr = itemError(row, index, 'item_id');
              const qtyErr = itemError(row, index, 'quantity_per_person');
              const name = chosen ? localName(chosen, lang) : t('trainings:meals.item_n', { n: index + 1 });
              return (
                <Stack key={row.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }} data-testid="meal-item-row">
                  <Autocomplete<FoodItem>
                    id={`meal-item-${index}`}
                    options={items}
                    value={chosen}
                    loading={catalogue.isLoading}
                    onChange={(_e, v) => setRow(row.key, { item_id: v?.id ?? null })}
                    getOptionLabel={(o) => (o.unit ? `${localName(o, lang)} (${o.unit})` : localName(o, lang))}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    disabled={save.isPending}
                    sx={{ flexGrow: 1, minWidth: 0 }}
                    renderInput={(params) => <TextField {...params} label={t('trainings:meals.item')} error={!!itemErr} helperText={itemErr} />}
                  />
                  <TextField
                    id={`meal-quantity-${index}`}
                    label={t('trainings:meals.quantity_per_person')}
                    value={row.quantity}
                    onChange={(e) => setRow(row.key, { quantity: e.target.value })}
                    disabled={save.isPending}
                    error={!!qtyErr}
                    helperText={qtyErr}
                    sx={{ width: { sm: 200 } }}
                    slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 14 }, input: { endAdornment: chosen?.unit ? <InputAdornment position="end">{chosen.unit}</InputAdornment> : undefined } }}
                  />
                  <Tooltip title={t('trainings:meals.remove_item', { name })}>
                    <span>
                      <IconButton
                        aria-label={t('trainings:meals.remove_item', { name })}
                        disabled={values.items.length === 1 || save.isPending}
                        onClick={() => setValues((v) => ({ ...v, items: v.items.filter((r) => r.key !== row.key) }))}
                        sx={{ mt: { sm: 1 } }}
                      >
                        <CloseIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              );
            })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
            <Button startIcon={<AddIcon />} onClick={() => setValues((v) => ({ ...v, items: [...v.items, newItemRow()] }))} disabled={save.isPending} data-testid="add-meal-item">
              {t('trainings:meals.add_item')}
            </Button>
            <Button startIcon={<PlaylistAddOutlinedIcon />} onClick={() => setAdding((a) => !a)} aria-expanded={adding} aria-controls="new-food-item" disabled={save.isPending} data-testid="new-food-item-toggle">
              {t('trainings:food.new')}
            </Button>
          </Stack>
          <Collapse in={adding} unmountOnExit>
            <NewFoodItem
              onAdded={(item) => {
                placeNewItem(item);
                setAdding(false);
              }}
              onCancel={() => setAdding(false)}
            />
          </Collapse>
        </Box>
      </Stack>
    </DialogForm>
  );
}

/**
 * A food item added to the site's catalogue from within the plan (not a form of its own: it sits
 * inside the plan's; Enter adds the item, not the plan).
 */
function NewFoodItem({ onAdded, onCancel }: { onAdded: (item: FoodItem) => void; onCancel: () => void }) {
  const { t } = useTranslation(['trainings', 'common']);
  const qc = useQueryClient();
  const words = useProblemWords();
  const [values, setValues] = useState<FoodValues>({ name: '', name_bn: '', unit: '' });
  const create = useMutation({
    mutationFn: (v: FoodValues) => createFoodItem(foodBody(v)),
    onSuccess: (item) => {
      qc.setQueryData<FoodItem[]>(trainingKeys.foodItems, (old) => [...(old ?? []), item]);
      onAdded(item);
    },
  });
  const { errors, formError, changed, check } = useFieldErrors(FOOD_FIELDS, create.error, words);
  const onChange = (patch: Partial<FoodValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as FoodField[]);
  };
  const add = () => check(foodProblems(values)) && create.mutate(values);
  // Enter in its fields adds the item (the plan's form would save the plan); on its buttons it presses them.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      if (!create.isPending) add();
    }
  };
  const text = boundTextField({ idPrefix: 'food', values, errors, disabled: create.isPending, onChange });
  return (
    <Paper variant="outlined" id="new-food-item" sx={{ p: 2, mt: 1.5 }} onKeyDown={onKeyDown} data-testid="new-food-item">
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {t('trainings:food.new_title')}
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 1.5 }} data-testid="food-item-error">
          {formError}
        </Alert>
      )}
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 5 }}>{text('name', t('trainings:food.name'), { required: true, autoFocus: true, size: 'small', slotProps: { htmlInput: { lang: 'en', maxLength: NAME_MAX } } })}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{text('name_bn', t('trainings:food.name_bn'), { size: 'small', slotProps: { htmlInput: { lang: 'bn', maxLength: NAME_MAX } } })}</Grid>
        <Grid size={{ xs: 12, sm: 3 }}>{text('unit', t('trainings:food.unit'), { size: 'small', placeholder: t('trainings:food.unit_placeholder'), slotProps: { inputLabel: { shrink: true }, htmlInput: { maxLength: UNIT_MAX } } })}</Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={create.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="contained" onClick={add} disabled={create.isPending} data-testid="save-food-item">
          {t('trainings:food.add')}
        </Button>
      </Stack>
    </Paper>
  );
}
