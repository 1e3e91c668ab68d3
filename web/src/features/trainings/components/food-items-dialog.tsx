// The site's food items (the catalogue the meal plans choose from), opened from a batch's meals
// page: a page at a time by name, each renamed (name, Bangla name, unit) or deleted after a
// confirmation, and new ones added. An item a meal plan uses cannot be deleted (409 `item_in_use`):
// the dialog says so, naming it. A renamed item shows renamed in every plan.
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RestaurantMenuOutlinedIcon from '@mui/icons-material/RestaurantMenuOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogForm } from '../../../components/ui/dialog-form';
import { ListCard } from '../../../components/ui/list-card';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { localName } from '../../../lib/course-text';
import { useErrorText } from '../../../lib/use-error-text';
import { useFieldErrors } from '../../../lib/use-field-errors';
import type { FoodItem } from '../api/trainings-api';
import { FOOD_FIELDS, foodProblems, foodValues, FOOD_NAME_MAX, UNIT_MAX, type FoodField, type FoodValues } from '../hooks/detail-forms';
import { useProblemWords } from '../hooks/use-problem-words';
import { deleteFoodItemMutation, saveFoodItemMutation, useFoodItemsPage } from '../hooks/use-trainings';

const TITLE_ID = 'food-items-dialog-title';
const FORM_TITLE_ID = 'food-item-form-title';

export function FoodItemsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['trainings', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="food-items-dialog">
      <DialogTitle id={TITLE_ID}>{t('trainings:food.title')}</DialogTitle>
      {/* Mounted while the dialog shows: it starts afresh (page 1) each time it opens. */}
      <DialogContent dividers>
        <FoodItemsManager />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} data-testid="close-food-items">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The refusal of a deletion in words: an item a meal plan uses, named; anything else as the app words it. */
export function useDeleteRefusal() {
  const { t, i18n } = useTranslation('trainings');
  const errorText = useErrorText();
  return (err: unknown, item: FoodItem) =>
    err instanceof ApiError && err.code === 'item_in_use' ? t('food.in_use', { name: localName(item, i18n.language) }) : errorText(err);
}

/** The list a page at a time, with adding, renaming and deleting (the dialog's content). */
export function FoodItemsManager() {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const refusal = useDeleteRefusal();
  const [page, setPage] = useState(1);
  const list = useFoodItemsPage(page);
  // The form's item (null: a new one) stays set while the form's dialog fades out.
  const [editing, setEditing] = useState<FoodItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [confirm, setConfirm] = useState<FoodItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useMutation(deleteFoodItemMutation(qc));

  const openForm = (item: FoodItem | null) => {
    setEditing(item);
    setFormOpen(true);
    setProblem(null);
  };
  const onDelete = () => {
    if (!confirm) return;
    const item = confirm;
    remove.mutate(item, {
      onSuccess: () => toast.show(t('trainings:food.deleted', { name: localName(item, lang) })),
      onError: (err) => setProblem(refusal(err, item)),
      onSettled: () => setConfirm(null),
    });
  };

  return (
    <Stack spacing={2} data-testid="food-items-manager">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {t('trainings:food.hint')}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => openForm(null)} sx={{ flexShrink: 0 }} data-testid="add-food-item">
          {t('trainings:food.new')}
        </Button>
      </Stack>
      <FoodItemsList
        list={list}
        page={page}
        onPage={setPage}
        problem={problem}
        onDismiss={() => setProblem(null)}
        busy={remove.isPending ? (remove.variables?.id ?? null) : null}
        onEdit={openForm}
        onDelete={(item) => {
          setProblem(null);
          setConfirm(item);
        }}
      />
      <FoodItemFormDialog
        open={formOpen}
        item={editing}
        onClose={() => setFormOpen(false)}
        onSaved={(saved, created) => {
          setFormOpen(false);
          toast.show(t(created ? 'trainings:food.created' : 'trainings:food.saved', { name: localName(saved, lang) }));
        }}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('trainings:food.delete_title')}
        body={confirm ? t('trainings:food.delete_body', { name: localName(confirm, lang) }) : ''}
        confirmLabel={t('trainings:food.delete')}
        danger
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => !remove.isPending && setConfirm(null)}
      />
    </Stack>
  );
}

export interface FoodItemsListProps {
  /** The page's query. */
  list: { isLoading: boolean; error: unknown; refetch: () => unknown; data?: { data: readonly FoodItem[]; current_page: number; last_page: number } };
  page: number;
  onPage: (page: number) => void;
  /** Why the last deletion was refused (shown above the list until dismissed). */
  problem?: string | null;
  onDismiss?: () => void;
  /** The item being deleted. */
  busy?: number | null;
  onEdit: (item: FoodItem) => void;
  onDelete: (item: FoodItem) => void;
}

/** One list for every width: each item's names and unit, Edit and Delete; the empty state; the pager. */
export function FoodItemsList({ list, page, onPage, problem, onDismiss, busy = null, onEdit, onDelete }: FoodItemsListProps) {
  const { t, i18n } = useTranslation('trainings');
  const lang = i18n.language;
  const rows = list.data?.data ?? [];
  return (
    <Box>
      {problem && (
        <Alert severity="error" onClose={onDismiss} sx={{ mb: 2 }} data-testid="food-item-problem">
          {problem}
        </Alert>
      )}
      <ListCard list={list} page={page} onPage={onPage} rowHeight={56} emptyIcon={<RestaurantMenuOutlinedIcon />} emptyMessage={t('food.empty')}>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('food.title')}>
          {rows.map((item) => {
            const name = localName(item, lang);
            // The name in the other language, when it differs.
            const other = lang === 'bn' ? (item.name_bn ? item.name : '') : item.name_bn;
            return (
              <Box
                component="li"
                key={item.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
                data-testid="food-item-row"
                data-item-id={item.id}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
                    {name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[other && other !== name ? other : '', item.unit ? t('food.unit_of', { unit: item.unit }) : t('food.no_unit')].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
                <Action label={t('food.edit_named', { name })} onClick={() => onEdit(item)} disabled={busy === item.id} testId="edit-food-item">
                  <EditOutlinedIcon fontSize="small" />
                </Action>
                <Action label={t('food.delete_named', { name })} onClick={() => onDelete(item)} disabled={busy === item.id} testId="delete-food-item" danger>
                  <DeleteOutlineIcon fontSize="small" />
                </Action>
              </Box>
            );
          })}
        </Box>
      </ListCard>
    </Box>
  );
}

function Action(props: { label: string; onClick: () => void; testId: string; disabled?: boolean; danger?: boolean; children: ReactNode }) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton aria-label={props.label} color={props.danger ? 'error' : 'default'} onClick={props.onClick} disabled={props.disabled} data-testid={props.testId}>
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

interface FoodItemFormProps {
  /** null: a new item. */
  item: FoodItem | null;
  onClose: () => void;
  onSaved: (saved: FoodItem, created: boolean) => void;
}

function FoodItemFormDialog({ open, ...props }: FoodItemFormProps & { open: boolean }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby={FORM_TITLE_ID} data-testid="food-item-dialog">
      <FoodItemForm key={props.item?.id ?? 'new'} {...props} onBusy={setBusy} />
    </Dialog>
  );
}

/** A food item's names and unit: a new one, or one of the catalogue renamed (another item's name: 422 `item_exists` on the name). */
export function FoodItemForm({ item, onClose, onSaved, onBusy }: FoodItemFormProps & { onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation(['trainings', 'common']);
  const qc = useQueryClient();
  const words = useProblemWords();
  const [values, setValues] = useState<FoodValues>(() => foodValues(item));
  const options = saveFoodItemMutation(qc, item);
  const save = useMutation<FoodItem, Error, FoodValues>({
    ...options,
    onMutate: () => onBusy(true),
    onSettled: (...args) => {
      onBusy(false);
      return options.onSettled?.(...args);
    },
  });
  const { errors, formError, changed, check } = useFieldErrors(FOOD_FIELDS, save.error, words);
  const onChange = (patch: Partial<FoodValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as FoodField[]);
  };
  const text = boundTextField({ idPrefix: 'food-item', values, errors, disabled: save.isPending, onChange });
  return (
    <DialogForm
      titleId={FORM_TITLE_ID}
      title={item ? t('trainings:food.edit_title') : t('trainings:food.new_title')}
      busy={save.isPending}
      submitLabel={item ? t('common:actions.save') : t('trainings:food.add')}
      onSubmit={() => check(foodProblems(values)) && save.mutate(values, { onSuccess: (saved) => onSaved(saved, !item) })}
      onCancel={onClose}
      testId="food-item-form"
      submitTestId="save-food-item"
    >
      <Grid container spacing={2}>
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="food-item-error">
              {formError}
            </Alert>
          </Grid>
        )}
        <Grid size={12}>{text('name', t('trainings:food.name'), { required: true, autoFocus: true, slotProps: { htmlInput: { lang: 'en', maxLength: FOOD_NAME_MAX } } })}</Grid>
        <Grid size={12}>{text('name_bn', t('trainings:food.name_bn'), { slotProps: { htmlInput: { lang: 'bn', maxLength: FOOD_NAME_MAX } } })}</Grid>
        <Grid size={12}>
          {text('unit', t('trainings:food.unit'), { placeholder: t('trainings:food.unit_placeholder'), helperText: t('trainings:food.unit_hint'), slotProps: { inputLabel: { shrink: true }, htmlInput: { maxLength: UNIT_MAX } } })}
        </Grid>
      </Grid>
    </DialogForm>
  );
}
