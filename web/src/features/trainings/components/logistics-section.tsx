// The batch's logistic items (bags, notebooks, pens...): how many each trainee gets and what one
// costs, to how many trainees they were handed and what that cost; added, changed, deleted, and
// marked handed (or not) to chosen trainees or to all of them.
import {
  Alert,
  Box,
  Button,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import VolunteerActivismOutlinedIcon from '@mui/icons-material/VolunteerActivismOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogForm } from '../../../components/ui/dialog-form';
import { ErrorState } from '../../../components/ui/error-state';
import { FormSection } from '../../../components/ui/form-section';
import { ListCard } from '../../../components/ui/list-card';
import { useToast } from '../../../components/ui/toast-provider';
import { localName } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { createLogistic, deleteLogistic, issueLogistic, updateLogistic, type Logistic } from '../api/trainings-api';
import { LOGISTIC_FIELDS, logisticBody, logisticProblems, logisticValues, NAME_MAX, type LogisticField, type LogisticValues } from '../hooks/detail-forms';
import { useProblemWords } from '../hooks/use-problem-words';
import { trainingKeys, useAllTrainees, useLogistics } from '../hooks/use-trainings';

export function LogisticsSection({ batchId }: { batchId: number }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const list = useLogistics(batchId, page);
  const [dialog, setDialog] = useState<{ item: Logistic | null } | null>(null);
  const [issuing, setIssuing] = useState<Logistic | null>(null);
  const [confirm, setConfirm] = useState<Logistic | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trainingKeys.logistics(batchId) });
    // The budget's sum of what was handed.
    void qc.invalidateQueries({ queryKey: trainingKeys.budget(batchId) });
  };
  const remove = useMutation({
    mutationFn: (l: Logistic) => deleteLogistic(l.id),
    onSuccess: (_r, l) => {
      setConfirm(null);
      toast.show(t('trainings:logistics.deleted', { name: localName(l, lang) }));
      refresh();
    },
    onError: (err) => {
      setConfirm(null);
      toast.show(errorText(err), { severity: 'error', duration: 5000 });
    },
  });

  const rows = list.data?.data ?? [];
  const money = (p: number) => formatTaka(p, lang, true);
  const actions = (l: Logistic) => {
    const name = localName(l, lang);
    return (
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Action label={t('trainings:logistics.issue_named', { name })} onClick={() => setIssuing(l)} testId="issue-logistic">
          <VolunteerActivismOutlinedIcon fontSize="small" />
        </Action>
        <Action label={t('trainings:logistics.edit_named', { name })} onClick={() => setDialog({ item: l })} testId="edit-logistic">
          <EditOutlinedIcon fontSize="small" />
        </Action>
        <Action label={t('trainings:logistics.delete_named', { name })} onClick={() => setConfirm(l)} testId="delete-logistic" danger>
          <DeleteOutlineIcon fontSize="small" />
        </Action>
      </Stack>
    );
  };
  const issuedText = (l: Logistic) => t('trainings:logistics.issued_to', { n: formatNumber(l.issued, lang), count: l.issued });
  return (
    <FormSection title={t('trainings:logistics.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {t('trainings:logistics.hint')}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog({ item: null })} sx={{ flexShrink: 0 }} data-testid="add-logistic">
          {t('trainings:logistics.add')}
        </Button>
      </Stack>
      <ListCard
        list={list}
        page={page}
        onPage={setPage}
        rowHeight={48}
        emptyIcon={<Inventory2OutlinedIcon />}
        emptyMessage={t('trainings:logistics.empty')}
        table={
          <Table size="small" aria-label={t('trainings:logistics.title')} sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('trainings:logistics.name')}</TableCell>
                <TableCell align="right">{t('trainings:logistics.per_trainee')}</TableCell>
                <TableCell align="right">{t('trainings:logistics.unit_cost')}</TableCell>
                <TableCell align="right">{t('trainings:logistics.issued')}</TableCell>
                <TableCell align="right">{t('trainings:logistics.cost')}</TableCell>
                <TableCell align="right">{t('trainings:logistics.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((l) => (
                <TableRow key={l.id} data-testid="logistic-row" data-logistic-id={l.id}>
                  <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
                    {localName(l, lang)}
                  </TableCell>
                  <TableCell align="right">{formatNumber(l.quantity_per_trainee, lang)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(l.unit_cost_poisha)}
                  </TableCell>
                  <TableCell align="right">{formatNumber(l.issued, lang)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(l.cost_poisha)}
                  </TableCell>
                  <TableCell align="right">{actions(l)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        }
        cards={
          <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((l) => (
              <Box component="li" key={l.id} sx={{ borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }} data-testid="logistic-row" data-logistic-id={l.id}>
                <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
                    {localName(l, lang)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('trainings:logistics.card_line', { quantity: formatNumber(l.quantity_per_trainee, lang), cost: money(l.unit_cost_poisha) })}
                  </Typography>
                  <Stack direction="row" sx={{ mt: 0.5, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="body2">
                      {issuedText(l)} · {money(l.cost_poisha)}
                    </Typography>
                    {actions(l)}
                  </Stack>
                </CardContent>
              </Box>
            ))}
          </Stack>
        }
      />
      <LogisticDialog
        open={!!dialog}
        batchId={batchId}
        item={dialog?.item ?? null}
        onClose={() => setDialog(null)}
        onSaved={(saved, created) => {
          setDialog(null);
          toast.show(t(created ? 'trainings:logistics.created' : 'trainings:logistics.saved', { name: localName(saved, lang) }));
          refresh();
        }}
      />
      <IssueDialog
        batchId={batchId}
        item={issuing}
        onClose={() => setIssuing(null)}
        onDone={(saved) => {
          setIssuing(null);
          toast.show(t('trainings:logistics.issue_saved', { name: localName(saved, lang), n: formatNumber(saved.issued, lang), count: saved.issued }));
          refresh();
        }}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('trainings:logistics.delete_title')}
        body={confirm ? t('trainings:logistics.delete_body', { name: localName(confirm, lang) }) : ''}
        confirmLabel={t('trainings:logistics.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm)}
        onClose={() => !remove.isPending && setConfirm(null)}
      />
    </FormSection>
  );
}

function Action(props: { label: string; onClick: () => void; testId: string; danger?: boolean; children: ReactNode }) {
  return (
    <Tooltip title={props.label}>
      <IconButton size="small" aria-label={props.label} color={props.danger ? 'error' : 'default'} onClick={props.onClick} data-testid={props.testId}>
        {props.children}
      </IconButton>
    </Tooltip>
  );
}

const TITLE_ID = 'logistic-dialog-title';

interface LogisticDialogProps {
  open: boolean;
  batchId: number;
  /** null: a new item. */
  item: Logistic | null;
  onClose: () => void;
  onSaved: (saved: Logistic, created: boolean) => void;
}

function LogisticDialog(props: LogisticDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="logistic-dialog">
      <LogisticForm key={props.item?.id ?? 'new'} {...props} onBusy={setBusy} />
    </Dialog>
  );
}

function LogisticForm({ batchId, item, onClose, onSaved, onBusy }: LogisticDialogProps & { onBusy: (busy: boolean) => void }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const words = useProblemWords();
  const [values, setValues] = useState<LogisticValues>(() => logisticValues(item, i18n.language));
  const save = useMutation({
    mutationFn: (v: LogisticValues) => (item ? updateLogistic({ id: item.id, ...logisticBody(v) }) : createLogistic({ batch_id: batchId, ...logisticBody(v) })),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (saved) => onSaved(saved, !item),
  });
  const { errors, formError, changed, check } = useFieldErrors(LOGISTIC_FIELDS, save.error, words);
  const onChange = (patch: Partial<LogisticValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as LogisticField[]);
  };
  const text = boundTextField({ idPrefix: 'logistic', values, errors, disabled: save.isPending, onChange });
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={item ? t('trainings:logistics.edit_title') : t('trainings:logistics.add_title')}
      busy={save.isPending}
      submitLabel={item ? t('common:actions.save') : t('trainings:logistics.add')}
      onSubmit={() => check(logisticProblems(values)) && save.mutate(values)}
      onCancel={onClose}
      testId="logistic-form"
      submitTestId="save-logistic"
    >
      <Grid container spacing={2}>
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="logistic-error">
              {formError}
            </Alert>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>{text('name', t('trainings:logistics.name_en'), { required: true, autoFocus: true, slotProps: { htmlInput: { lang: 'en', maxLength: NAME_MAX } } })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('name_bn', t('trainings:logistics.name_bn'), { slotProps: { htmlInput: { lang: 'bn', maxLength: NAME_MAX } } })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('quantity_per_trainee', t('trainings:logistics.per_trainee'), { slotProps: { htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 6 } } })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('unit_cost_poisha', t('trainings:logistics.unit_cost'), {
            slotProps: { htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 16 }, input: { startAdornment: <InputAdornment position="start">৳</InputAdornment> } },
          })}
        </Grid>
      </Grid>
    </DialogForm>
  );
}

/** Hand the item to chosen trainees (or take that back), or to every trainee at once. */
function IssueDialog({ batchId, item, onClose, onDone }: { batchId: number; item: Logistic | null; onClose: () => void; onDone: (saved: Logistic) => void }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const errorText = useErrorText();
  const trainees = useAllTrainees(batchId, !!item);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  const issue = useMutation({
    mutationFn: (v: { ids: number[]; issued: boolean }) => issueLogistic({ logistic_id: item!.id, enrollment_ids: v.ids, issued: v.issued }),
    onSuccess: (saved) => {
      setChosen(new Set());
      onDone(saved);
    },
  });
  const all = trainees.data ?? [];
  const close = () => {
    if (issue.isPending) return;
    setChosen(new Set());
    issue.reset();
    onClose();
  };
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = all.length > 0 && chosen.size === all.length;
  return (
    <Dialog open={!!item} onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="issue-dialog-title" data-testid="issue-dialog">
      <DialogTitle id="issue-dialog-title">{item ? t('trainings:logistics.issue_title', { name: localName(item, lang) }) : ''}</DialogTitle>
      <DialogContent dividers>
        {item && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('trainings:logistics.issued_to', { n: formatNumber(item.issued, lang), count: item.issued })}
          </Typography>
        )}
        {issue.isError && (
          <Alert severity="error" sx={{ mb: 1.5 }} data-testid="issue-error">
            {errorText(issue.error)}
          </Alert>
        )}
        {trainees.isLoading ? (
          <Skeleton variant="rounded" height={160} />
        ) : trainees.isError ? (
          <ErrorState error={trainees.error} onRetry={() => trainees.refetch()} />
        ) : all.length === 0 ? (
          <Typography color="text.secondary">{t('trainings:logistics.no_trainees')}</Typography>
        ) : (
          <>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
              <FormControlLabel
                control={<Checkbox checked={allChosen} indeterminate={chosen.size > 0 && !allChosen} onChange={() => setChosen(allChosen ? new Set() : new Set(all.map((r) => r.enrollment_id)))} />}
                label={t('trainings:logistics.choose_all', { n: formatNumber(all.length, lang) })}
              />
              <Button variant="outlined" size="small" disabled={issue.isPending} onClick={() => issue.mutate({ ids: all.map((r) => r.enrollment_id), issued: true })} data-testid="issue-to-all">
                {t('trainings:logistics.issue_all')}
              </Button>
            </Stack>
            <List dense disablePadding sx={{ maxHeight: { sm: 360 }, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} aria-label={t('trainings:logistics.trainees')}>
              {all.map((r) => (
                <ListItem key={r.enrollment_id} disablePadding sx={{ px: 1 }}>
                  <FormControlLabel
                    sx={{ width: '100%', m: 0 }}
                    control={<Checkbox size="small" checked={chosen.has(r.enrollment_id)} onChange={() => toggle(r.enrollment_id)} />}
                    label={
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-user-content>
                          {r.name}
                        </Typography>
                        {r.email && (
                          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                            {r.email}
                          </Typography>
                        )}
                      </Box>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={issue.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button disabled={issue.isPending || chosen.size === 0} onClick={() => issue.mutate({ ids: [...chosen], issued: false })} data-testid="unissue-chosen">
          {t('trainings:logistics.unissue_chosen')}
        </Button>
        <Button variant="contained" disabled={issue.isPending || chosen.size === 0} onClick={() => issue.mutate({ ids: [...chosen], issued: true })} data-testid="issue-chosen">
          {t('trainings:logistics.issue_chosen', { n: formatNumber(chosen.size, lang) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
