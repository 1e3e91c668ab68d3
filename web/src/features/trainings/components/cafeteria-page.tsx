// /training/facilities/cafeteria-create/:id (a batch's id): the batch's meals. A plan per meal type
// (when, where, meals beyond the trainees, and what each person gets from the site's food items,
// a new item added on the way), then the meal sheet: for each day and meal how many eat (those
// present at that day's sessions, or every trainee while no attendance is taken) and how much of
// each item. The sheet prints alone, and downloads as a spreadsheet. The site's food items (the
// catalogue the plans choose from) are kept in a dialog of their own: renamed, deleted, added.
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  GlobalStyles,
  Grid,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import RestaurantMenuOutlinedIcon from '@mui/icons-material/RestaurantMenuOutlined';
import RestaurantOutlinedIcon from '@mui/icons-material/RestaurantOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { printPart, printPartStyles } from '../../../components/ui/print-part';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDay, localName, localTitle } from '../../../lib/course-text';
import { downloadFile } from '../../../lib/download';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { deleteMealPlan, MEAL_TYPES, mealSheetPath, type MealDay, type MealPlan, type MealType, type TrainingBatch } from '../api/trainings-api';
import { formatQuantity } from '../hooks/training-numbers';
import { trainingKeys, useFacility } from '../hooks/use-trainings';
import { BatchPageFrame } from './batch-page-frame';
import { FoodItemsDialog } from './food-items-dialog';
import { MealPlanDialog } from './meal-plan-dialog';

const printStyles = printPartStyles('meals');

export default function CafeteriaPage() {
  const { t } = useTranslation(['trainings', 'common']);
  return (
    <BatchPageFrame title={t('trainings:meals.title')} tab="venue" testId="cafeteria-page" actions={(training) => <SheetActions batchId={training.batch.id} />}>
      {(training) => <Meals training={training} />}
    </BatchPageFrame>
  );
}

function SheetActions({ batchId }: { batchId: number }) {
  const { t } = useTranslation('trainings');
  const toast = useToast();
  const errorText = useErrorText();
  const download = () => downloadFile(mealSheetPath(batchId), undefined, `meals-${batchId}.xlsx`).catch((err: unknown) => toast.show(errorText(err), { severity: 'error' }));
  return (
    <Stack direction="row" spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }} data-print-hide>
      <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => printPart('meals')} sx={{ flex: { xs: 1, sm: 'none' } }} data-testid="print-meals">
        {t('meals.print')}
      </Button>
      <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void download()} sx={{ flex: { xs: 1, sm: 'none' } }} data-testid="download-meals">
        {t('meals.download')}
      </Button>
    </Stack>
  );
}

function Meals({ training }: { training: TrainingBatch }) {
  const { t } = useTranslation(['trainings', 'common']);
  const batchId = training.batch.id;
  const facility = useFacility(batchId);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  // The plan in the dialog stays set while the dialog fades out, so the closing dialog keeps
  // showing it rather than an empty breakfast form.
  const [editing, setEditing] = useState<{ mealType: MealType; plan: MealPlan | null }>({ mealType: 'breakfast', plan: null });
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirm, setConfirm] = useState<MealPlan | null>(null);
  const [foodOpen, setFoodOpen] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: trainingKeys.facility(batchId) });
  const remove = useMutation({
    mutationFn: (p: MealPlan) => deleteMealPlan(p.id),
    onSuccess: (_r, p) => {
      setConfirm(null);
      toast.show(t('trainings:meals.deleted', { meal: t(`trainings:meal_types.${p.meal_type}`) }));
      refresh();
    },
    onError: (err) => {
      setConfirm(null);
      toast.show(errorText(err), { severity: 'error', duration: 5000 });
    },
  });

  if (facility.isLoading) return <Skeleton variant="rounded" height={360} />;
  if (facility.isError || !facility.data) return <ErrorState error={facility.error} onRetry={() => facility.refetch()} />;
  const { plans, days } = facility.data;
  const planOf = (m: MealType) => plans.find((p) => p.meal_type === m) ?? null;
  return (
    <Stack spacing={3}>
      <GlobalStyles styles={printStyles} />
      <Box component="section" aria-labelledby="meal-plans-heading" data-print-hide>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id="meal-plans-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
              {t('trainings:meals.plans')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('trainings:meals.plans_hint')}
            </Typography>
          </Box>
          <Button variant="outlined" startIcon={<RestaurantMenuOutlinedIcon />} onClick={() => setFoodOpen(true)} sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'auto' } }} data-testid="open-food-items">
            {t('trainings:food.manage')}
          </Button>
        </Stack>
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {MEAL_TYPES.map((m) => (
            <Grid key={m} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <PlanCard mealType={m} plan={planOf(m)} onEdit={() => {
                setEditing({ mealType: m, plan: planOf(m) });
                setDialogOpen(true);
              }} onDelete={(p) => setConfirm(p)} />
            </Grid>
          ))}
        </Grid>
      </Box>
      <MealSheet days={days} training={training} />
      <MealPlanDialog
        open={dialogOpen}
        batchId={batchId}
        mealType={editing.mealType}
        plan={editing.plan}
        onClose={() => setDialogOpen(false)}
        onSaved={(saved) => {
          setDialogOpen(false);
          toast.show(t('trainings:meals.saved', { meal: t(`trainings:meal_types.${saved.meal_type}`) }));
          refresh();
        }}
      />
      <FoodItemsDialog open={foodOpen} onClose={() => setFoodOpen(false)} />
      <ConfirmDialog
        open={!!confirm}
        title={t('trainings:meals.delete_title', { meal: confirm ? t(`trainings:meal_types.${confirm.meal_type}`) : '' })}
        body={t('trainings:meals.delete_body')}
        confirmLabel={t('trainings:meals.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm)}
        onClose={() => !remove.isPending && setConfirm(null)}
      />
    </Stack>
  );
}

function PlanCard({ mealType, plan, onEdit, onDelete }: { mealType: MealType; plan: MealPlan | null; onEdit: () => void; onDelete: (p: MealPlan) => void }) {
  const { t, i18n } = useTranslation('trainings');
  const lang = i18n.language;
  const meal = t(`meal_types.${mealType}`);
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="meal-plan" data-meal-type={mealType} data-plan-id={plan?.id}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {meal}
          </Typography>
          {plan && <Chip size="small" label={localTime(plan.training_time, lang)} />}
        </Stack>
        {plan ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[plan.location, plan.extra_count ? t('meals.extra', { n: formatNumber(plan.extra_count, lang), count: plan.extra_count }) : ''].filter(Boolean).join(' · ') || t('meals.no_location')}
            </Typography>
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
              {plan.items.map((i) => (
                <li key={i.item_id}>
                  <Typography variant="body2">{t('meals.per_person', { item: localName(i, lang), quantity: formatQuantity(i.quantity_per_person, lang), unit: i.unit })}</Typography>
                </li>
              ))}
            </Box>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('meals.no_plan')}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 1.5 }}>
        {plan ? (
          <>
            <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} aria-label={t('meals.edit_named', { meal })} data-testid="edit-meal-plan">
              {t('meals.edit')}
            </Button>
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onDelete(plan)} aria-label={t('meals.delete_named', { meal })} data-testid="delete-meal-plan">
              {t('meals.delete')}
            </Button>
          </>
        ) : (
          <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={onEdit} aria-label={t('meals.add_named', { meal })} data-testid="add-meal-plan">
            {t('meals.add')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** "13:00" in the interface's digits. */
function localTime(hhmm: string, lang: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  if (!Number.isFinite(h) || !Number.isFinite(m)) return hhmm;
  const n = (v: number) => new Intl.NumberFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { minimumIntegerDigits: 2, useGrouping: false }).format(v);
  return `${n(h)}:${n(m)}`;
}

/** Day by day, each meal's count and the items' quantities: what prints and what the spreadsheet holds. */
export function MealSheet({ days, training }: { days: readonly MealDay[]; training: TrainingBatch }) {
  const { t, i18n } = useTranslation(['trainings', 'courses']);
  const lang = i18n.language;
  return (
    <Box component="section" aria-labelledby="meal-sheet-heading" data-print-meals data-testid="meal-sheet">
      <Typography id="meal-sheet-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('trainings:meals.sheet')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {[localTitle(training.course, lang), localName(training.batch, lang)].filter(Boolean).join(' · ')}
      </Typography>
      {days.length === 0 ? (
        <Card variant="outlined">
          <EmptyState icon={<RestaurantOutlinedIcon />} message={t('trainings:meals.sheet_empty')} />
        </Card>
      ) : (
        <Stack spacing={2}>
          {days.map((d) => (
            <Card key={d.date} variant="outlined" component="article" sx={{ breakInside: 'avoid' }} data-testid="meal-day" data-date={d.date} data-source={d.source}>
              <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, flexGrow: 1 }}>
                    {formatDay(d.date, lang)}
                  </Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={d.source === 'attendance' ? 'success' : 'default'}
                    label={t(d.source === 'attendance' ? 'trainings:meals.from_attendance' : 'trainings:meals.from_enrolled', { n: formatNumber(d.trainees, lang), count: d.trainees })}
                    sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                    data-testid="meal-day-source"
                  />
                </Stack>
                {d.meals.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('trainings:meals.no_meals')}
                  </Typography>
                ) : (
                  <Box sx={{ overflowX: 'auto' }}>
                    {/* The same columns every day, whatever their texts. */}
                    <Table size="small" sx={{ minWidth: 520, tableLayout: 'fixed' }} aria-label={t('trainings:meals.day_label', { date: formatDay(d.date, lang) })}>
                      <TableHead>
                        <TableRow>
                          <TableCell sx={{ width: '22%' }}>{t('trainings:meals.meal')}</TableCell>
                          <TableCell sx={{ width: '12%' }}>{t('trainings:meals.time')}</TableCell>
                          <TableCell sx={{ width: '24%' }}>{t('trainings:meals.location')}</TableCell>
                          <TableCell align="right" sx={{ width: '12%' }}>
                            {t('trainings:meals.count')}
                          </TableCell>
                          <TableCell>{t('trainings:meals.items')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {d.meals.map((m) => (
                          <TableRow key={m.plan_id} data-testid="meal-row" data-meal-type={m.meal_type}>
                            <TableCell sx={{ fontWeight: 600 }}>{t(`trainings:meal_types.${m.meal_type}`)}</TableCell>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>{localTime(m.training_time, lang)}</TableCell>
                            <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.location || '—'}</TableCell>
                            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="meal-count">
                              {formatNumber(m.count, lang)}
                            </TableCell>
                            <TableCell>
                              {m.items.length === 0
                                ? '—'
                                : m.items.map((i) => (
                                    <Box key={i.item_id} component="span" sx={{ display: 'block' }}>
                                      {t('trainings:meals.quantity', { item: localName(i, lang), quantity: formatQuantity(i.quantity, lang), unit: i.unit })}
                                    </Box>
                                  ))}
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Box>
                )}
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}
