// The content editor's form: titles and descriptions in both languages, type, category, duration,
// start date, cover picture, published, the colleagues it is shared with, then the parts; Cancel
// and Save stay at the bottom of the screen. Drawn from the editor's values and refusals only,
// so that it is tested alone.
import { Alert, Box, Button, Card, CardContent, CircularProgress, FormControlLabel, FormHelperText, Grid, MenuItem, Stack, Switch, TextField } from '@mui/material';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { CategorySelect } from '../../../components/ui/category-select';
import { FormSection } from '../../../components/ui/form-section';
import { ShareForm } from '../../../components/ui/share-dialog';
import { shareList, splitLogins } from '../../../lib/share-people';
import { PictureField } from '../../../components/ui/picture-field';
import { CONTENT_TYPES } from '../api/contents-api';
import { DESCRIPTION_MAX, TITLE_MAX, type ContentFormValues } from '../hooks/content-form';
import { PartsEditor, type PartsEditorProps } from './parts-editor';

export const LIST_PATH = '/contents/my';

export interface ContentEditorFormProps extends Omit<PartsEditorProps, 'parts' | 'disabled'> {
  /** An item being edited (else a new one). */
  editing: boolean;
  values: ContentFormValues;
  /** A refusal of no field shown. */
  formError?: string | null;
  busy: boolean;
  onChange: (patch: Partial<ContentFormValues>) => void;
  onPickCover: () => void;
  onSave: () => void;
}

export function ContentEditorForm({ editing, values, errors, formError, busy, onChange, onPickCover, onSave, ...parts }: ContentEditorFormProps) {
  const { t } = useTranslation(['contents', 'files', 'common']);
  const shrink = { inputLabel: { shrink: true } };
  const text = boundTextField({ idPrefix: 'content', values, errors, disabled: busy, onChange });
  // The category picker of the authoring forms, fed from these values.
  const category = {
    field: {
      name: 'category_id' as const,
      value: values.category_id,
      onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ category_id: e.target.value }),
      onBlur: () => undefined,
      ref: () => undefined,
      disabled: busy,
    },
    fieldState: { invalid: !!errors.category_id, isTouched: false, isDirty: false, isValidating: false, error: errors.category_id ? { type: 'server', message: errors.category_id } : undefined },
  };
  const shareName = values.title.trim() || values.title_bn.trim() || t('contents:form.this_content');
  return (
    <Box
      component="form"
      noValidate
      data-testid="content-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onSave();
      }}
    >
      <Stack spacing={2.5}>
        <FormSection title={t('contents:form.about')} headingId="content-about-heading" outlined>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              {text('title', t('contents:form.title'), { helperText: t('contents:form.title_hint'), autoFocus: !editing, slotProps: { htmlInput: { maxLength: TITLE_MAX, lang: 'en' }, ...shrink } })}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {text('title_bn', t('contents:form.title_bn'), { slotProps: { htmlInput: { maxLength: TITLE_MAX, lang: 'bn' }, ...shrink } })}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {text('description', t('contents:form.description'), { multiline: true, minRows: 3, slotProps: { htmlInput: { maxLength: DESCRIPTION_MAX, lang: 'en' }, ...shrink } })}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {text('description_bn', t('contents:form.description_bn'), { multiline: true, minRows: 3, slotProps: { htmlInput: { maxLength: DESCRIPTION_MAX, lang: 'bn' }, ...shrink } })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                id="content-content_type"
                label={t('contents:form.content_type')}
                value={values.content_type}
                onChange={(e) => onChange({ content_type: e.target.value as ContentFormValues['content_type'] })}
                disabled={busy}
                error={!!errors.content_type}
                helperText={errors.content_type}
                required
                fullWidth
                slotProps={{ ...shrink, select: { displayEmpty: true } }}
                data-testid="content-type-select"
              >
                <MenuItem value="" disabled>
                  <em>{t('contents:form.choose_type')}</em>
                </MenuItem>
                {CONTENT_TYPES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`contents:types.${c}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <CategorySelect<{ category_id: string }>
                {...category}
                id="content-category_id"
                label={t('contents:form.category')}
                noneLabel={t('contents:form.no_category')}
                loadErrorText={t('contents:form.categories_error')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('duration', t('contents:form.duration'), {
                required: true,
                placeholder: '1:30',
                helperText: t('contents:form.duration_hint'),
                slotProps: { htmlInput: { maxLength: 8, inputMode: 'numeric', autoComplete: 'off', spellCheck: false }, ...shrink },
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('start_date', t('contents:form.start_date'), { type: 'date', helperText: t('contents:form.start_date_hint'), slotProps: shrink })}
            </Grid>
            <Grid size={12}>
              <FormControlLabel
                control={<Switch id="content-published" checked={values.published} disabled={busy} onChange={(e) => onChange({ published: e.target.checked })} />}
                label={t('contents:form.published')}
              />
              <FormHelperText sx={{ mt: 0 }}>{t('contents:form.published_hint')}</FormHelperText>
            </Grid>
          </Grid>
        </FormSection>
        <FormSection title={t('contents:form.cover')} headingId="content-cover-heading" outlined>
          <PictureField
            src={values.cover}
            label={t('contents:form.cover_label')}
            alt={t('contents:form.cover_preview')}
            emptyText={t('contents:form.no_cover')}
            pickLabel={t('contents:form.choose_cover')}
            hint={t('contents:form.cover_hint')}
            error={errors.cover_file_id}
            disabled={busy}
            attaching={false}
            maxWidth={360}
            onPick={onPickCover}
            remove={{ label: t('contents:form.remove_cover'), onRemove: () => onChange({ cover_file_id: null, cover: null }), testId: 'remove-cover' }}
            testIds={{ preview: 'cover-preview', pick: 'pick-cover', error: 'cover-error' }}
          />
        </FormSection>
        <FormSection title={t('contents:form.sharing')} headingId="content-sharing-heading" outlined>
          <ShareForm
            name={shareName}
            kept={values.shared}
            added={values.share_added}
            typed={values.share_typed}
            error={errors.shared_with ?? null}
            busy={busy}
            autoFocus={false}
            onTyped={(share_typed) => onChange({ share_typed })}
            onAdd={(typed = values.share_typed) => onChange({ share_added: shareList([], [...values.share_added, ...splitLogins(typed)]), share_typed: '' })}
            onRemoveKept={(p) => onChange({ shared: values.shared.filter((x) => x.id !== p.id) })}
            onRemoveAdded={(login) => onChange({ share_added: values.share_added.filter((x) => x !== login) })}
          />
        </FormSection>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <PartsEditor parts={values.parts} errors={errors} disabled={busy} {...parts} />
          </CardContent>
        </Card>
        {formError && (
          <Alert severity="error" data-testid="content-form-error">
            {formError}
          </Alert>
        )}
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        // Above the phone's bottom navigation bar (56 px), at the screen's foot on wider screens.
        sx={{ position: 'sticky', bottom: { xs: 'calc(56px + env(safe-area-inset-bottom))', md: 0 }, zIndex: 2, justifyContent: 'flex-end', py: 1.5, mt: 2, bgcolor: 'background.default', borderTop: 1, borderColor: 'divider' }}
      >
        <Button component={RouterLink} to={LIST_PATH} disabled={busy} data-testid="content-cancel">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />} data-testid="save-content">
          {t('contents:form.save')}
        </Button>
      </Stack>
    </Box>
  );
}
