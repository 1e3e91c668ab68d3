// The promotion form in its dialog (full-screen on phones): a new promotion (?edit=new) or a saved
// one (?edit=<uuid>). Title, details (a job's description), where it shows, where it leads (an
// address, or one of the site's published courses), a picture, the days it is shown, and who sees
// it. Saving sends it to the super admin for approval, again after every change; the server's
// refusals are shown on their fields.
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import UndoIcon from '@mui/icons-material/Undo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ImagePickerField } from '../../../components/ui/image-picker-field';
import { useToast } from '../../../components/ui/toast-provider';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES } from '../../../lib/image-file';
import { useCourseSearch, type CourseChoice } from '../../payments/components/coupon-scope-fields';
import { POSITIONS, type Promotion, type PromotionType } from '../api/promotions-api';
import {
  DETAILS_MAX,
  hasUrl,
  needsUrl,
  PROMOTION_FIELDS,
  promotionProblems,
  promotionValues,
  TITLE_MAX,
  URL_MAX,
  type PromotionField,
  type PromotionFormValues,
} from '../hooks/promotion-form';
import { promotionQuery, savePromotionMutation } from '../hooks/use-promotions';
import { AudienceFields } from './audience-fields';

const TITLE_ID = 'promotion-form-title';

export interface PromotionDialogProps {
  type: PromotionType;
  /** `new`, a promotion's uuid, or null (closed). */
  edit: string | null;
  onClose: () => void;
}

export default function PromotionDialog({ type, edit, onClose }: PromotionDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Not closed (Escape, the backdrop) while a save runs.
  const [saving, setSaving] = useState(false);
  // What was opened last stays drawn while the dialog closes.
  const [shown, setShown] = useState(edit);
  if (edit !== null && edit !== shown) setShown(edit);
  return (
    <Dialog open={edit !== null} onClose={() => !saving && onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID}>
      {shown === 'new' ? (
        <PromotionEditor key="new" type={type} promotion={null} onClose={onClose} onBusy={setSaving} />
      ) : shown ? (
        <SavedPromotion key={shown} type={type} uuid={shown} onClose={onClose} onBusy={setSaving} />
      ) : null}
    </Dialog>
  );
}

interface EditorProps {
  type: PromotionType;
  onClose: () => void;
  onBusy: (saving: boolean) => void;
}

function SavedPromotion({ uuid, ...props }: EditorProps & { uuid: string }) {
  const { t } = useTranslation(['promotions', 'common']);
  const qc = useQueryClient();
  const query = useQuery({ ...promotionQuery(qc, uuid), staleTime: 30_000 });
  // Saved as its own type, whichever page's list it was opened from.
  if (query.data) return <PromotionEditor {...props} type={query.data.type} promotion={query.data} />;
  return (
    <>
      <DialogTitle id={TITLE_ID}>{t('promotions:edit_title')}</DialogTitle>
      <DialogContent dividers>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={360} />
        ) : query.error ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <EmptyState message={t('promotions:not_found')} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={props.onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </>
  );
}

function PromotionEditor({ type, promotion, onClose, onBusy }: EditorProps & { promotion: Promotion | null }) {
  const { t, i18n } = useTranslation(['promotions', 'errors', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<PromotionFormValues>(() => promotionValues(promotion, i18n.language));
  const save = useMutation(savePromotionMutation(qc, type, promotion?.uuid));
  useEffect(() => onBusy(save.isPending), [onBusy, save.isPending]);
  // Refusals of no field shown here (the type, say, or none at all) go above the buttons.
  const { errors, formError, changed, problem, check } = useFieldErrors(PROMOTION_FIELDS, save.error);

  const onChange = (patch: Partial<PromotionFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as PromotionField[]);
  };

  const onSubmit = () => {
    if (!check(promotionProblems(type, values))) return;
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.show(t('promotions:saved', { title: saved.title }));
        onClose();
      },
    });
  };

  return (
    <PromotionForm
      type={type}
      promotion={promotion}
      values={values}
      errors={errors}
      formError={formError}
      busy={save.isPending}
      onChange={onChange}
      onProblem={problem}
      onSubmit={onSubmit}
      onCancel={onClose}
    />
  );
}

export interface PromotionFormProps {
  type: PromotionType;
  /** The saved promotion being edited; null for a new one. */
  promotion: Promotion | null;
  values: PromotionFormValues;
  /** Each field's refusal (the client's check or the server's). */
  errors: Partial<Record<PromotionField, string>>;
  /** A refusal of no particular field. */
  formError?: string | null;
  busy: boolean;
  onChange: (patch: Partial<PromotionFormValues>) => void;
  /** A check of the form's own failed (a picture too large): errors:<code> on the field. */
  onProblem: (field: PromotionField, code: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The form itself: its title, fields and buttons, to sit in the dialog. */
export function PromotionForm({ type, promotion, values, errors, formError, busy, onChange, onProblem, onSubmit, onCancel }: PromotionFormProps) {
  const { t } = useTranslation(['promotions', 'common']);
  const text = boundTextField({ idPrefix: 'promotion', values, errors, disabled: busy, onChange });
  const shrink = { inputLabel: { shrink: true } };
  const typeName = t(`promotions:types.${type}`);
  return (
    <Box
      component="form"
      noValidate
      data-testid="promotion-form"
      data-type={type}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onSubmit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <DialogTitle id={TITLE_ID}>{promotion ? t('promotions:edit_title') : t('promotions:create_title', { type: typeName })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Grid container spacing={2}>
            <Grid size={12}>
              {text('title', t('promotions:form.title'), { required: true, autoFocus: !promotion, slotProps: { htmlInput: { maxLength: TITLE_MAX }, ...shrink } })}
            </Grid>
            <Grid size={12}>
              {text('details', type === 'jobs' ? t('promotions:form.job_details') : t('promotions:form.details'), {
                required: type === 'jobs',
                multiline: true,
                minRows: type === 'jobs' ? 5 : 3,
                helperText: errors.details ?? (type === 'jobs' ? t('promotions:form.job_details_hint') : t('promotions:form.details_hint')),
                slotProps: { htmlInput: { maxLength: DETAILS_MAX }, ...shrink },
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                id="promotion-position"
                label={t('promotions:form.position')}
                value={values.position}
                onChange={(e) => onChange({ position: e.target.value as PromotionFormValues['position'] })}
                disabled={busy}
                error={!!errors.position}
                helperText={errors.position ?? t('promotions:form.position_hint')}
                required
                fullWidth
                slotProps={shrink}
                data-testid="promotion-position"
              >
                {POSITIONS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`promotions:positions.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {hasUrl(type) ? (
                text('url', type === 'jobs' ? t('promotions:form.apply_url') : t('promotions:form.url'), {
                  type: 'url',
                  required: needsUrl(type),
                  placeholder: 'https://',
                  helperText: errors.url ?? t('promotions:form.url_hint'),
                  slotProps: { htmlInput: { maxLength: URL_MAX, inputMode: 'url', spellCheck: false }, ...shrink },
                })
              ) : (
                <CoursePicker value={values.course_id} saved={promotion?.course ?? null} error={errors.course_id} disabled={busy} onChange={(id) => onChange({ course_id: id })} />
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('start_date', t('promotions:form.start_date'), { type: 'date', required: true, slotProps: shrink })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('end_date', t('promotions:form.end_date'), { type: 'date', required: true, slotProps: { htmlInput: { min: values.start_date || undefined }, ...shrink } })}
            </Grid>
          </Grid>
          <ThumbnailField
            picked={values.thumbnail}
            saved={promotion?.thumbnail ?? null}
            error={errors.thumbnail}
            disabled={busy}
            onChange={(thumbnail) => onChange({ thumbnail })}
            onProblem={(code) => onProblem('thumbnail', code)}
          />
          <AudienceFields values={values} errors={errors} disabled={busy} onChange={onChange} />
          <Alert severity="info" data-testid="approval-note">
            {promotion ? t('promotions:form.approval_again') : t('promotions:form.approval')}
          </Alert>
          {formError && (
            <Alert severity="error" data-testid="promotion-form-error">
              {formError}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="save-promotion"
        >
          {busy ? t('common:actions.saving') : t('promotions:form.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * One of the site's published courses, searched on the server as the admin types (the coupons'
 * course search); the saved promotion's course keeps its title until another is chosen.
 */
function CoursePicker({ value, saved, error, disabled, onChange }: { value: number | null; saved: CourseChoice | null; error?: string; disabled: boolean; onChange: (id: number | null) => void }) {
  const { t, i18n } = useTranslation('promotions');
  const lang = i18n.language;
  const courses = useCourseSearch();
  const options = courses.options.filter((c) => c.published !== false);
  const chosen = value == null ? null : saved?.id === value ? saved : courses.find(value);
  return (
    <Autocomplete
      id="promotion-course"
      options={options}
      value={chosen}
      onChange={(_, c) => onChange(c?.id ?? null)}
      onInputChange={courses.onInput}
      // The server searches; every option it answers fits.
      filterOptions={(x) => x}
      getOptionLabel={(c) => localTitle(c, lang) || `#${formatNumber(c.id, lang)}`}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      loading={courses.loading}
      noOptionsText={t('form.no_courses')}
      disabled={disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('form.course')}
          required
          error={!!error}
          helperText={error ?? t('form.course_hint')}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
          data-testid="promotion-course"
        />
      )}
    />
  );
}

/**
 * The picture: the one just picked, else the saved one (kept unless another is picked). PNG, JPEG
 * or WebP of at most 1 MB, checked before it is sent as a data URL.
 */
function ThumbnailField({ picked, saved, error, disabled, onChange, onProblem }: {
  picked: string | null;
  saved: string | null;
  error?: string;
  disabled: boolean;
  onChange: (dataUrl: string | null) => void;
  onProblem: (code: 'invalid_image' | 'image_too_large') => void;
}) {
  const { t } = useTranslation('promotions');
  const texts = { title: t('form.thumbnail'), hint: t('form.thumbnail_hint'), preview: t('form.thumbnail_preview'), empty: t('form.no_thumbnail'), upload: t('form.thumbnail_upload'), change: t('form.thumbnail_change') };
  const keep = picked && (
    <Button startIcon={<UndoIcon />} disabled={disabled} onClick={() => onChange(null)}>
      {saved ? t('form.thumbnail_keep') : t('form.thumbnail_remove')}
    </Button>
  );
  return (
    <ImagePickerField
      texts={texts}
      src={picked ?? saved}
      types={THUMBNAIL_TYPES}
      maxBytes={THUMBNAIL_MAX_BYTES}
      error={error}
      disabled={disabled}
      actions={keep}
      testId="thumbnail"
      onPick={onChange}
      onProblem={(problem) => onProblem(problem === 'type' ? 'invalid_image' : 'image_too_large')}
    />
  );
}
