// A home slide's form in its dialog (full-screen on phones): a new slide (?edit=new) or a saved one
// (?edit=<id>, taken from the list). Titles and subtitles in both languages, the picture chosen
// from the file manager (copied into the site's post media, whose address is the slide's image),
// the link, the position, the days it shows and whether it is on. The server's refusals show on
// their fields.
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  Skeleton,
  Switch,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { EmptyState } from '../../../components/ui/empty-state';
import { useToast } from '../../../components/ui/toast-provider';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useFieldErrors } from '../../../lib/use-field-errors';
import type { Slider } from '../api/site-extras-api';
import { SLIDE_LINK_MAX, SLIDE_SUBTITLE_MAX, SLIDE_TITLE_MAX, SLIDER_FIELDS, sliderProblems, sliderValues, type SliderField, type SliderFormValues } from '../hooks/slider-form';
import { saveSliderMutation } from '../hooks/use-site-extras';
import { MediaPickerDialog, useMediaPicker } from './media-picker';
import { PictureField } from '../../../components/ui/picture-field';

const TITLE_ID = 'slider-form-title';

export interface SliderDialogProps {
  /** `new`, a slide's id, or null (closed). */
  edit: string | null;
  /** The slide of `edit`, found in the list; null while the list loads or when it is not there. */
  slider: Slider | null;
  loading: boolean;
  onClose: () => void;
}

export default function SliderDialog({ edit, slider, loading, onClose }: SliderDialogProps) {
  const { t } = useTranslation(['publishing', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Not closed (Escape, the backdrop) while a save runs.
  const [saving, setSaving] = useState(false);
  // What was opened last stays drawn while the dialog closes.
  const [shown, setShown] = useState<{ edit: string; slider: Slider | null } | null>(edit === null ? null : { edit, slider });
  if (edit !== null && (edit !== shown?.edit || (slider && slider !== shown.slider))) setShown({ edit, slider });
  return (
    <Dialog open={edit !== null} onClose={() => !saving && onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="slider-dialog">
      {shown?.edit === 'new' ? (
        <SliderEditor key="new" slider={null} onClose={onClose} onBusy={setSaving} />
      ) : shown?.slider ? (
        <SliderEditor key={shown.slider.id} slider={shown.slider} onClose={onClose} onBusy={setSaving} />
      ) : shown ? (
        <>
          <DialogTitle id={TITLE_ID}>{t('publishing:sliders.form.edit_title')}</DialogTitle>
          <DialogContent dividers>{loading ? <Skeleton variant="rounded" height={320} /> : <EmptyState message={t('publishing:sliders.form.not_found')} />}</DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}

/** A problem code in words: the slide form's own, the publishing forms', else the shared errors:<code>. */
export function useSliderProblemText() {
  const { t, i18n } = useTranslation(['publishing', 'errors']);
  return (code: string) =>
    i18n.exists(`publishing:sliders.errors.${code}`)
      ? t(`publishing:sliders.errors.${code}`)
      : i18n.exists(`publishing:errors.${code}`)
        ? t(`publishing:errors.${code}`)
        : t(`errors:${code}`);
}

function SliderEditor({ slider, onClose, onBusy }: { slider: Slider | null; onClose: () => void; onBusy: (saving: boolean) => void }) {
  const { t, i18n } = useTranslation(['publishing', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<SliderFormValues>(() => sliderValues(slider, i18n.language));
  const save = useMutation(saveSliderMutation(qc, slider?.id));
  useEffect(() => onBusy(save.isPending), [onBusy, save.isPending]);
  const codeText = useSliderProblemText();
  const { errors, formError, changed, check } = useFieldErrors(SLIDER_FIELDS, save.error, codeText);

  const onChange = (patch: Partial<SliderFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as SliderField[]);
  };
  const { picker, attaching, openPicker } = useMediaPicker<'image'>((_, url) => onChange({ image: url }));

  const onSave = () => {
    if (!check(sliderProblems(values))) return;
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.show(t('publishing:sliders.toast.saved', { title: localTitle(saved, i18n.language) }));
        onClose();
      },
    });
  };

  return (
    <>
      <SliderForm
        slider={slider}
        values={values}
        errors={errors}
        formError={formError}
        busy={save.isPending}
        attaching={attaching !== null}
        onChange={onChange}
        onPickImage={() => openPicker('image')}
        onSave={onSave}
        onCancel={onClose}
      />
      <MediaPickerDialog picker={picker} type="image" allowLinks={false} title={t('publishing:sliders.form.image_picker')} />
    </>
  );
}

export interface SliderFormProps {
  /** The saved slide being edited; null for a new one. */
  slider: Slider | null;
  values: SliderFormValues;
  /** Each field's refusal (the client's check or the server's), worded. */
  errors: Partial<Record<SliderField, string>>;
  /** A refusal of no particular field. */
  formError?: string | null;
  busy: boolean;
  /** The picture chosen is being copied into the site's post media. */
  attaching?: boolean;
  onChange: (patch: Partial<SliderFormValues>) => void;
  onPickImage: () => void;
  onSave: () => void;
  onCancel: () => void;
}

/** The form itself: its title, fields and buttons, to sit in the dialog. */
export function SliderForm({ slider, values, errors, formError, busy, attaching = false, onChange, onPickImage, onSave, onCancel }: SliderFormProps) {
  const { t, i18n } = useTranslation(['publishing', 'common']);
  const lang = i18n.language;
  const shrink = { inputLabel: { shrink: true } };
  const count = (n: number, max: number) => t('publishing:form.count', { n: formatNumber(n, lang), max: formatNumber(max, lang) });
  const text = boundTextField({ idPrefix: 'slider', values, errors, disabled: busy, onChange });
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={slider ? t('publishing:sliders.form.edit_title') : t('publishing:sliders.form.new_title')}
      busy={busy}
      submitLabel={t('publishing:form.save')}
      onSubmit={onSave}
      onCancel={onCancel}
      testId="slider-form"
      submitTestId="save-slider"
    >
      <Grid container spacing={2}>
        <Grid size={12}>
          <PictureField
            src={values.image}
            label={t('publishing:sliders.form.image')}
            alt={t('publishing:sliders.form.image_preview')}
            emptyText={t('publishing:sliders.form.no_image')}
            pickLabel={values.image ? t('publishing:sliders.form.change_image') : t('publishing:form.choose_file')}
            hint={t('publishing:sliders.form.image_hint')}
            error={errors.image}
            disabled={busy}
            attaching={attaching}
            maxWidth={480}
            onPick={onPickImage}
            testIds={{ preview: 'slider-image-preview', pick: 'pick-slider-image', error: 'slider-image-error' }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text('title', t('publishing:sliders.form.title'), { required: true, autoFocus: !slider, slotProps: { htmlInput: { maxLength: SLIDE_TITLE_MAX }, ...shrink } })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text('title_bn', t('publishing:sliders.form.title_bn'), { slotProps: { htmlInput: { maxLength: SLIDE_TITLE_MAX, lang: 'bn' }, ...shrink } })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text('subtitle', t('publishing:sliders.form.subtitle'), {
            multiline: true,
            minRows: 2,
            helperText: count(values.subtitle.length, SLIDE_SUBTITLE_MAX),
            slotProps: { htmlInput: { maxLength: SLIDE_SUBTITLE_MAX }, ...shrink },
          })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text('subtitle_bn', t('publishing:sliders.form.subtitle_bn'), {
            multiline: true,
            minRows: 2,
            helperText: count(values.subtitle_bn.length, SLIDE_SUBTITLE_MAX),
            slotProps: { htmlInput: { maxLength: SLIDE_SUBTITLE_MAX, lang: 'bn' }, ...shrink },
          })}
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          {text('link', t('publishing:sliders.form.link'), {
            type: 'url',
            placeholder: 'https://',
            helperText: t('publishing:sliders.form.link_hint'),
            slotProps: { htmlInput: { maxLength: SLIDE_LINK_MAX, inputMode: 'url', spellCheck: false }, ...shrink },
          })}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          {text('position', t('publishing:sliders.form.position'), {
            helperText: t('publishing:sliders.form.position_hint'),
            slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' }, ...shrink },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('start_date', t('publishing:sliders.form.start_date'), { type: 'date', slotProps: shrink })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('end_date', t('publishing:sliders.form.end_date'), {
            type: 'date',
            helperText: t('publishing:sliders.form.dates_hint'),
            slotProps: { htmlInput: { min: values.start_date || undefined }, ...shrink },
          })}
        </Grid>
        <Grid size={12}>
          <FormControlLabel
            control={<Switch checked={values.active} disabled={busy} onChange={(e) => onChange({ active: e.target.checked })} id="slider-active-field" />}
            label={t('publishing:sliders.form.active')}
          />
        </Grid>
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="slider-form-error">
              {formError}
            </Alert>
          </Grid>
        )}
      </Grid>
    </DialogForm>
  );
}
