// /course/create (and /exam/create, `kind`): a four-step form (basics, description, thumbnail and
// order, review) over one react-hook-form, so going back and forth keeps everything typed.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  Grid,
  Stack,
  Step,
  StepButton,
  Stepper,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckIcon from '@mui/icons-material/Check';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { categoryTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useCategories } from '../../../lib/public-queries';
import { useErrorText } from '../../../lib/use-error-text';
import { COURSE_STEPS, courseBody, emptyCourseValues, STEP_FIELDS, stepOfField, type CourseFormValues } from '../hooks/course-form';
import { applyFieldErrors } from '../../../lib/server-errors';
import { COURSE_KIND, type CourseKind } from '../hooks/course-kind';
import { CourseBasicsFields, CourseDescriptionFields, CourseMediaFields } from './course-form-fields';

const FORM_FIELDS = Object.values(STEP_FIELDS).flat();

export default function CourseCreatePage({ kind = COURSE_KIND }: { kind?: CourseKind }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const label = (key: string) => `${kind.labels}${key}`;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const form = useForm<CourseFormValues>({ defaultValues: emptyCourseValues(i18n.language), mode: 'onSubmit', reValidateMode: 'onChange' });
  const [step, setStep] = useState(0);
  const [visited, setVisited] = useState(0);
  const last = COURSE_STEPS.length - 1;

  const create = useMutation({
    mutationFn: (v: CourseFormValues) => kind.create(courseBody(v, null, kind.typed)),
    onSuccess: (course) => {
      void qc.invalidateQueries({ queryKey: kind.listKey });
      toast.show(t(label('create.created')));
      navigate(`${kind.editPath(course)}/syllabus`);
    },
    onError: (err) => {
      const fields = applyFieldErrors(form.setError, err, FORM_FIELDS, (name) => {
        const m = /^objectives\.(\d+)$/.exec(name);
        return m ? `objectives.${m[1]}.text` : null;
      });
      if (fields.length) setStep(Math.min(...fields.map(stepOfField)));
      toast.show(errorText(err), { severity: 'error' });
    },
  });

  /** Validate the steps before `target`; stop on the first one with a problem. */
  const goTo = async (target: number) => {
    for (let s = Math.min(step, target); s < target; s++) {
      const ok = await form.trigger(STEP_FIELDS[COURSE_STEPS[s]]);
      if (!ok) {
        setStep(s);
        return;
      }
    }
    setStep(target);
    setVisited((v) => Math.max(v, target));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const submit = form.handleSubmit(
    (v) => create.mutate(v),
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setStep(stepOfField(first));
    },
  );

  const stepName = COURSE_STEPS[step];
  return (
    <Box data-testid="course-create-page">
      <Button component={RouterLink} to={kind.home} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t(label('create.back'))}
      </Button>
      <PageHeader title={t(label('create.title'))} subtitle={t(label('create.subtitle'))} />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3.5 } }}>
          <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: { xs: 2, sm: 3 } }} data-testid="course-stepper">
            {COURSE_STEPS.map((s, i) => (
              <Step key={s} completed={i < step}>
                <StepButton
                  // The step number in the interface's digits (১ ২ ৩ ৪ in Bangla).
                  icon={formatNumber(i + 1, i18n.language)}
                  onClick={() => void goTo(i)}
                  disabled={i > visited + 1 && i > step}
                  aria-current={i === step ? 'step' : undefined}
                >
                  {/* Only the current step's name on narrow screens; the others keep their number. */}
                  <Box component="span" sx={{ display: { xs: i === step ? 'inline' : 'none', sm: 'inline' } }}>
                    {t(`courses:create.steps.${s}`)}
                  </Box>
                </StepButton>
              </Step>
            ))}
          </Stepper>
          <Typography variant="overline" color="text.secondary" sx={{ display: { sm: 'none' } }}>
            {t('courses:create.step_of', { n: formatNumber(step + 1, i18n.language), total: formatNumber(COURSE_STEPS.length, i18n.language) })}
          </Typography>
          <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); if (step === last) void submit(); else void goTo(step + 1); }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t(`courses:create.steps.${stepName}`)}
            </Typography>
            {stepName === 'basics' && <CourseBasicsFields form={form} typed={kind.typed} />}
            {stepName === 'description' && <CourseDescriptionFields form={form} />}
            {stepName === 'media' && <CourseMediaFields form={form} />}
            {stepName === 'review' && <Review values={form.getValues()} typed={kind.typed} />}
            {create.isError && stepName === 'review' && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorText(create.error)}
              </Alert>
            )}
            <Divider sx={{ my: 3 }} />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
              <Button startIcon={<ArrowBackIcon />} onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0 || create.isPending}>
                {t('courses:create.previous')}
              </Button>
              {step < last ? (
                <Button type="submit" variant="contained" endIcon={<ArrowForwardIcon />} data-testid="step-next">
                  {t('courses:create.next')}
                </Button>
              ) : (
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : <CheckIcon />}
                  disabled={create.isPending}
                  data-testid="create-course"
                >
                  {create.isPending ? t('courses:create.creating') : t(label('create.submit'))}
                </Button>
              )}
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

function Review({ values: v, typed }: { values: CourseFormValues; typed: boolean }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const categories = useCategories();
  const category = categories.data?.find((c) => String(c.id) === v.category_id);
  const objectives = v.objectives.map((o) => o.text.trim()).filter(Boolean);
  const none = t('courses:create.review_none');
  return (
    <Grid container spacing={2.5} data-testid="course-review">
      <Grid size={{ xs: 12, sm: 4 }}>
        <Box sx={{ aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
          {v.thumbnail ? (
            <Box component="img" src={v.thumbnail} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Typography variant="caption" color="text.disabled">
              {t('courses:form.no_thumbnail')}
            </Typography>
          )}
        </Box>
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <Stack spacing={1.5}>
          <ReviewRow label={t('courses:form.title_bn')}>
            <span lang="bn">{v.title_bn.trim() || none}</span>
          </ReviewRow>
          <ReviewRow label={t('courses:form.title')}>
            <span lang="en">{v.title.trim() || none}</span>
          </ReviewRow>
          <ReviewRow label={t('courses:form.category')}>{category ? categoryTitle(category, i18n.language) : none}</ReviewRow>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip size="small" label={t(`courses:levels.${v.level}`)} />
            <Chip size="small" label={t(`courses:languages.${v.language}`)} />
            {typed && <Chip size="small" label={t(`courses:types.${v.course_type}`)} />}
            <Chip size="small" variant="outlined" label={v.enforce_order ? t('courses:form.enforce_order_on') : t('courses:form.enforce_order_off')} />
            {v.teachers_only && <Chip size="small" variant="outlined" color="info" label={t('courses:form.teachers_only_on')} data-testid="review-teachers-only" />}
          </Stack>
        </Stack>
      </Grid>
      <Grid size={12}>
        <ReviewRow label={t('courses:form.summary')}>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>{v.summary.trim() || none}</Box>
        </ReviewRow>
      </Grid>
      <Grid size={12}>
        <ReviewRow label={t('courses:form.objectives')}>
          {objectives.length ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {objectives.map((o, i) => (
                <li key={i}>{o}</li>
              ))}
            </Box>
          ) : (
            none
          )}
        </ReviewRow>
      </Grid>
    </Grid>
  );
}

function ReviewRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.5 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}
