// /course/template/certificate and /exam/template/certificate: the institution's certificate
// templates and their editor (?edit=new or ?edit=<id>): name, language, background and logo, up
// to three signatures, and where the holder's name, the course and the date go, with a live A4
// preview.
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  IconButton,
  MenuItem,
  Skeleton,
  Slider,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDay } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { COURSE_LANGUAGES, saveTemplate, type CertificateTemplate, type CourseLanguage, type TextPlacement } from '../api/courses-api';
import { isoDay } from '../hooks/batch-form';
import {
  clampText,
  DEFAULT_PLACEMENT,
  FONT_MAX,
  FONT_MIN,
  MAX_SIGNATURES,
  PLACEMENT_KEYS,
  templateBody,
  templateValues,
  type PlacementKey,
  type TemplateFormValues,
} from '../hooks/certificate-template';
import { imageAsDataUrl, TEMPLATE_IMAGE_MAX_BYTES, TEMPLATE_IMAGE_TYPES, THUMBNAIL_MAX_BYTES } from '../../../lib/image-file';
import { courseKeys, useTemplates } from '../hooks/use-courses';
import { CertificatePreview, type PreviewTexts } from './certificate-preview';

/** Sample texts in the template's language (not the interface's). */
function useSampleTexts(language: CourseLanguage): PreviewTexts {
  // The template's language may not be the one loaded for the interface: load it, no suspense.
  const { t } = useTranslation('courses', { lng: language, useSuspense: false });
  return useMemo(
    () => ({
      heading: t('templates.sample_heading', { lng: language }),
      name: t('templates.sample_name', { lng: language }),
      course: t('templates.sample_course', { lng: language }),
      date: formatDay(isoDay(new Date()), language),
    }),
    [t, language],
  );
}

/** /course/template/certificate and /exam/template/certificate: the site's templates, shared by courses and certificate exams. */
export default function CertificateTemplatesPage() {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const query = useTemplates();
  const templates = query.data ?? [];

  const open = (id: number | 'new' | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('edit');
    else next.set('edit', String(id));
    setParams(next);
    window.scrollTo({ top: 0 });
  };

  if (editing) {
    if (editing !== 'new' && query.isLoading) return <Skeleton variant="rounded" height={480} />;
    const found = editing === 'new' ? null : (templates.find((x) => String(x.id) === editing) ?? null);
    if (editing !== 'new' && !found) {
      return (
        <Box>
          <Button startIcon={<ArrowBackIcon />} onClick={() => open(null)} sx={{ mb: 1, ml: -1 }}>
            {t('courses:templates.back')}
          </Button>
          {query.isError ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : <Card><EmptyState message={t('courses:templates.not_found')} /></Card>}
        </Box>
      );
    }
    return <TemplateEditor key={editing} template={found} lang={i18n.language} onDone={() => open(null)} onCreated={(id) => open(id)} />;
  }

  return (
    <Box data-testid="certificate-templates-page">
      <PageHeader
        title={t('courses:templates.title')}
        subtitle={t('courses:templates.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open('new')} data-testid="new-template" sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {t('courses:templates.new')}
          </Button>
        }
      />
      {query.isLoading ? (
        <Grid container spacing={2.5}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={220} />
            </Grid>
          ))}
        </Grid>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : templates.length === 0 ? (
        <Card>
          <EmptyState
            icon={<WorkspacePremiumOutlinedIcon />}
            message={t('courses:templates.empty')}
            action={
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => open('new')}>
                {t('courses:templates.new')}
              </Button>
            }
          />
        </Card>
      ) : (
        <Grid container spacing={2.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {templates.map((tp) => (
            <Grid key={tp.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <TemplateCard template={tp} onOpen={() => open(tp.id)} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}

function TemplateCard({ template, onOpen }: { template: CertificateTemplate; onOpen: () => void }) {
  const { t } = useTranslation('courses');
  const v = templateValues(template, template.language);
  const texts = useSampleTexts(v.language);
  return (
    <Card sx={{ height: '100%' }} data-testid="template-card">
      <CardActionArea onClick={onOpen} sx={{ height: '100%', alignItems: 'stretch' }} aria-label={t('templates.edit_named', { name: template.name })}>
        <Box sx={{ p: 1.5, bgcolor: 'action.hover' }}>
          <CertificatePreview background={v.background} logo={v.logo} signatures={v.signatures} placement={v.placement} texts={texts} language={v.language} label={template.name} />
        </Box>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>{template.name}</Typography>
            <Chip size="small" label={t(`languages.${template.language}`)} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function TemplateEditor({ template, lang, onDone, onCreated }: { template: CertificateTemplate | null; lang: string; onDone: () => void; onCreated: (id: number) => void }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [initial] = useState(() => templateValues(template, lang));
  const [v, setV] = useState<TemplateFormValues>(initial);
  const [nameTouched, setNameTouched] = useState(false);
  const texts = useSampleTexts(v.language);
  const set = (patch: Partial<TemplateFormValues>) => setV((old) => ({ ...old, ...patch }));
  const setPlace = (k: PlacementKey, patch: Partial<TextPlacement>) =>
    setV((old) => ({ ...old, placement: { ...old.placement, [k]: clampText({ ...old.placement[k], ...patch }, DEFAULT_PLACEMENT[k]) } }));

  const save = useMutation({
    mutationFn: () => saveTemplate(templateBody(v, { background: initial.background, logo: initial.logo })),
    onSuccess: (saved) => {
      qc.setQueryData<CertificateTemplate[]>(courseKeys.templates, (old) => (old?.some((x) => x.id === saved.id) ? old.map((x) => (x.id === saved.id ? saved : x)) : [...(old ?? []), saved]));
      void qc.invalidateQueries({ queryKey: courseKeys.templates });
      toast.show(t('courses:templates.saved', { name: saved.name }));
      if (!template) onCreated(saved.id);
      else onDone();
    },
    onError: (err) => toast.show(errorText(err), { severity: 'error' }),
  });
  const server = fieldErrorsOf(save.error);
  const nameMissing = !v.name.trim();

  return (
    <Box data-testid="template-editor">
      <Button startIcon={<ArrowBackIcon />} onClick={onDone} sx={{ mb: 1, ml: -1 }}>
        {t('courses:templates.back')}
      </Button>
      <PageHeader title={template ? t('courses:templates.edit_title') : t('courses:templates.new_title')} />
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setNameTouched(true);
          if (!nameMissing && !save.isPending) save.mutate();
        }}
      >
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }} sx={{ order: { xs: 0, md: 1 } }}>
            <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
              <Typography variant="overline" color="text.secondary">
                {t('courses:templates.preview')}
              </Typography>
              <CertificatePreview
                background={v.background}
                logo={v.logo}
                signatures={v.signatures}
                placement={v.placement}
                texts={texts}
                language={v.language}
                onMove={(k, x, y) => setPlace(k, { x, y })}
              />
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {t('courses:templates.drag_hint')}
              </Typography>
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }} sx={{ order: { xs: 1, md: 0 } }}>
            <Stack spacing={2.5}>
              {save.isError && <Alert severity="error">{errorText(save.error)}</Alert>}
              <Card>
                <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
                  <Stack spacing={2}>
                    <TextField
                      id="template-name"
                      label={t('courses:templates.name')}
                      value={v.name}
                      onChange={(e) => set({ name: e.target.value })}
                      onBlur={() => setNameTouched(true)}
                      error={(nameTouched && nameMissing) || !!server.name}
                      helperText={nameTouched && nameMissing ? t('common:form.required') : server.name}
                      fullWidth
                    />
                    <TextField select id="template-language" label={t('courses:templates.language')} value={v.language} onChange={(e) => set({ language: e.target.value as CourseLanguage })} fullWidth helperText={server.language ?? t('courses:templates.language_hint')} error={!!server.language}>
                      {COURSE_LANGUAGES.map((l) => (
                        <MenuItem key={l} value={l}>
                          {t(`courses:languages.${l}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Stack>
                </CardContent>
              </Card>
              <Card>
                <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
                    {t('courses:templates.images')}
                  </Typography>
                  <Stack spacing={2}>
                    <ImagePicker label={t('courses:templates.background')} hint={t('courses:templates.background_hint')} value={v.background} maxBytes={TEMPLATE_IMAGE_MAX_BYTES} onChange={(background) => set({ background })} error={server.background} testId="background-input" />
                    <ImagePicker label={t('courses:templates.logo')} hint={t('courses:templates.logo_hint')} value={v.logo} maxBytes={THUMBNAIL_MAX_BYTES} onChange={(logo) => set({ logo })} error={server.logo} testId="logo-input" />
                  </Stack>
                </CardContent>
              </Card>
              <Card>
                <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
                    {t('courses:templates.placement')}
                  </Typography>
                  <Stack spacing={2.5}>
                    {PLACEMENT_KEYS.map((k) => (
                      <Box key={k} role="group" aria-labelledby={`place-${k}`}>
                        <Typography id={`place-${k}`} variant="subtitle2">
                          {t(`courses:templates.place.${k}`)}
                        </Typography>
                        <PlaceSlider label={t('courses:templates.x')} value={v.placement[k].x} min={0} max={100} step={0.5} unit="%" onChange={(x) => setPlace(k, { x })} />
                        <PlaceSlider label={t('courses:templates.y')} value={v.placement[k].y} min={0} max={100} step={0.5} unit="%" onChange={(y) => setPlace(k, { y })} />
                        <PlaceSlider label={t('courses:templates.size')} value={v.placement[k].size} min={FONT_MIN} max={FONT_MAX} step={1} unit="pt" onChange={(size) => setPlace(k, { size })} />
                      </Box>
                    ))}
                    <Button size="small" onClick={() => set({ placement: DEFAULT_PLACEMENT })} sx={{ alignSelf: 'flex-start' }}>
                      {t('courses:templates.reset_placement')}
                    </Button>
                  </Stack>
                </CardContent>
              </Card>
              <Card>
                <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                    {t('courses:templates.signatures')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                    {t('courses:templates.signatures_hint', { n: formatNumber(MAX_SIGNATURES, i18n.language) })}
                  </Typography>
                  <Stack spacing={1.5}>
                    {v.signatures.map((s, i) => {
                      const n = formatNumber(i + 1, i18n.language);
                      const change = (patch: Partial<typeof s>) => set({ signatures: v.signatures.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
                      return (
                        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexGrow: 1 }}>
                            <TextField size="small" label={t('courses:templates.signature_name', { n })} value={s.name} onChange={(e) => change({ name: e.target.value })} fullWidth />
                            <TextField size="small" label={t('courses:templates.signature_title', { n })} value={s.title} onChange={(e) => change({ title: e.target.value })} fullWidth />
                          </Stack>
                          <Tooltip title={t('courses:templates.remove_signature', { n })}>
                            <IconButton aria-label={t('courses:templates.remove_signature', { n })} onClick={() => set({ signatures: v.signatures.filter((_, j) => j !== i) })}>
                              <CloseIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </Stack>
                      );
                    })}
                    <Button
                      size="small"
                      startIcon={<AddIcon />}
                      disabled={v.signatures.length >= MAX_SIGNATURES}
                      onClick={() => set({ signatures: [...v.signatures, { name: '', title: '' }] })}
                      sx={{ alignSelf: 'flex-start' }}
                    >
                      {t('courses:templates.add_signature')}
                    </Button>
                  </Stack>
                </CardContent>
              </Card>
              <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={onDone} disabled={save.isPending}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" variant="contained" size="large" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />} disabled={save.isPending} data-testid="save-template">
                  {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
                </Button>
              </Stack>
            </Stack>
          </Grid>
        </Grid>
      </Box>
    </Box>
  );
}

function PlaceSlider(props: { label: string; value: number; min: number; max: number; step: number; unit: string; onChange: (v: number) => void }) {
  const { i18n } = useTranslation();
  const shown = `${formatNumber(props.value, i18n.language)}${props.unit === '%' ? '%' : ` ${props.unit}`}`;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ width: 88, flexShrink: 0 }}>
        {props.label}
      </Typography>
      <Slider
        size="small"
        value={props.value}
        min={props.min}
        max={props.max}
        step={props.step}
        onChange={(_, val) => props.onChange(Array.isArray(val) ? val[0] : val)}
        getAriaValueText={() => shown}
        slotProps={{ input: { 'aria-label': props.label } }}
        sx={{ flexGrow: 1 }}
      />
      <Typography variant="body2" sx={{ width: 56, textAlign: 'right', flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
        {shown}
      </Typography>
    </Stack>
  );
}

function ImagePicker(props: { label: string; hint: string; value: string | null; maxBytes: number; onChange: (v: string | null) => void; error?: string; testId: string }) {
  const { t, i18n } = useTranslation('courses');
  const ref = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mb = formatNumber(Math.round((props.maxBytes / 1024 / 1024) * 10) / 10, i18n.language);
  return (
    <Box>
      <Typography variant="subtitle2">{props.label}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {props.hint} {t('templates.image_rules', { n: mb })}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ width: 96, height: 64, flexShrink: 0, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden', display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
          {props.value ? <Box component="img" src={props.value} alt="" sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} /> : <Typography variant="caption" color="text.disabled">{t('templates.no_image')}</Typography>}
        </Box>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" startIcon={<CloudUploadOutlinedIcon />} onClick={() => ref.current?.click()} aria-label={`${t('templates.upload')}: ${props.label}`}>
            {t('templates.upload')}
          </Button>
          {props.value && (
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => props.onChange(null)} aria-label={`${t('templates.remove_image')}: ${props.label}`}>
              {t('templates.remove_image')}
            </Button>
          )}
        </Stack>
        <input
          ref={ref}
          type="file"
          hidden
          accept={TEMPLATE_IMAGE_TYPES.join(',')}
          data-testid={props.testId}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const r = await imageAsDataUrl(file, TEMPLATE_IMAGE_TYPES, props.maxBytes);
            if (r.problem) {
              setProblem(r.problem === 'type' ? t('templates.image_type') : t('templates.image_size', { n: mb }));
              return;
            }
            setProblem(null);
            props.onChange(r.dataUrl);
          }}
        />
      </Stack>
      {(problem || props.error) && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5 }}>
          {problem ?? props.error}
        </Typography>
      )}
    </Box>
  );
}
