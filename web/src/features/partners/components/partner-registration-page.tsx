import { Alert, Box, Button, Card, CardContent, Chip, Container, Grid, MenuItem, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { setToken } from '../../../lib/auth-storage';
import { localName } from '../../../lib/course-text';
import { ME_KEY, useCurrentUser } from '../../../lib/session';
import { useSite } from '../../../lib/site-context';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { registerPartner, type PartnerRegistration } from '../api/partners-api';
import { useInstitutionTypes } from '../hooks/use-partners';

interface Form {
  name: string;
  email: string;
  phone: string;
  password: string;
  institution_name: string;
  institution_name_en: string;
  subdomain: string;
  type: string;
  contact_phone: string;
  contact_email: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/;

/** The host a new partner site lives under: the main site's host. */
export function baseHost(host: string, isMain: boolean): string {
  if (isMain) return host;
  const parts = host.split('.');
  return parts.length > 1 ? parts.slice(1).join('.') : host;
}

export default function PartnerRegistrationPage() {
  const { t, i18n } = useTranslation(['partners', 'common']);
  const { site } = useSite();
  const { isSignedIn, user } = useCurrentUser();
  const qc = useQueryClient();
  const errorText = useErrorText();
  const types = useInstitutionTypes();
  const [done, setDone] = useState<{ host: string } | null>(null);
  const { register, handleSubmit, setError, formState, watch, control } = useForm<Form>({
    defaultValues: { name: '', email: '', phone: '', password: '', institution_name: '', institution_name_en: '', subdomain: '', type: '', contact_phone: '', contact_email: '' },
  });
  const host = baseHost(window.location.host, site.is_main);
  const subdomain = watch('subdomain').trim().toLowerCase();
  const mutation = useMutation({
    mutationFn: (v: Form) => {
      const body: PartnerRegistration = {
        institution_name: v.institution_name.trim(),
        institution_name_en: v.institution_name_en.trim(),
        subdomain: v.subdomain.trim().toLowerCase(),
        type: Number(v.type),
        contact_phone: v.contact_phone.trim(),
        contact_email: v.contact_email.trim(),
      };
      if (!isSignedIn) Object.assign(body, { name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim(), password: v.password });
      return registerPartner(body);
    },
    onSuccess: (res, v) => {
      if (!isSignedIn && res.token) {
        if (res.user) qc.setQueryData([...ME_KEY, res.token], res.user);
        setToken(res.token);
      }
      setDone({ host: `${res.institution?.slug ?? v.subdomain.trim().toLowerCase()}.${host}` });
      window.scrollTo({ top: 0 });
    },
    onError: (err) => {
      for (const [k, msg] of Object.entries(fieldErrorsOf(err))) setError(k as keyof Form, { message: msg });
    },
  });

  if (done) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 5, md: 10 } }}>
        <Card data-testid="partner-registration-success">
          <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
            <CheckCircleOutlineIcon color="success" sx={{ fontSize: 64 }} />
            <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
              {t('partners:registration.success_title')}
            </Typography>
            <Chip icon={<HourglassTopIcon />} color="warning" variant="outlined" label={t('partners:registration.success_pending')} sx={{ mt: 2 }} />
            <Box
              sx={(th) => ({ mt: 3, p: 2, borderRadius: 2, bgcolor: alpha(th.palette.primary.main, 0.06), fontFamily: 'monospace', fontSize: 17, wordBreak: 'break-all' })}
              data-testid="requested-host"
            >
              {done.host}
            </Box>
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {t('partners:registration.success_body', { host: done.host })}
            </Typography>
            <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 4 }}>
              {t('partners:registration.success_home')}
            </Button>
          </CardContent>
        </Card>
      </Container>
    );
  }

  const e = formState.errors;
  const req = { required: t('common:form.required') };
  const emailRule = { ...req, pattern: { value: EMAIL, message: t('common:form.email_invalid') } };
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <PageHeader title={t('partners:registration.title')} subtitle={t('partners:registration.subtitle')} />
      <Box component="form" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))} data-testid="partner-registration-form" sx={{ display: 'grid', gap: 3 }}>
        {mutation.error && <Alert severity="error" data-testid="form-error">{errorText(mutation.error)}</Alert>}
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('partners:registration.applicant_section')}
            </Typography>
            {isSignedIn ? (
              <Alert severity="info">{t('partners:registration.signed_in_as', { name: localName(user, i18n.language) })}</Alert>
            ) : (
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField id="name" label={t('partners:registration.name')} autoComplete="name" {...register('name', req)} error={!!e.name} helperText={e.name?.message} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField id="email" type="email" label={t('partners:registration.email')} autoComplete="email" {...register('email', emailRule)} error={!!e.email} helperText={e.email?.message} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField id="phone" type="tel" label={t('partners:registration.phone')} autoComplete="tel" {...register('phone', req)} error={!!e.phone} helperText={e.phone?.message} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField id="password" type="password" label={t('partners:registration.password')} autoComplete="new-password" {...register('password', req)} error={!!e.password} helperText={e.password?.message} />
                </Grid>
              </Grid>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('partners:registration.institution_section')}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField id="institution_name" lang="bn" label={t('partners:registration.institution_name')} {...register('institution_name', req)} error={!!e.institution_name} helperText={e.institution_name?.message} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField id="institution_name_en" lang="en" label={t('partners:registration.institution_name_en')} {...register('institution_name_en', req)} error={!!e.institution_name_en} helperText={e.institution_name_en?.message} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  id="subdomain"
                  label={t('partners:registration.subdomain')}
                  autoCapitalize="none"
                  spellCheck={false}
                  {...register('subdomain', { ...req, pattern: { value: SUBDOMAIN, message: t('partners:registration.subdomain_invalid') } })}
                  error={!!e.subdomain}
                  helperText={
                    e.subdomain?.message ?? (
                      <span data-testid="subdomain-hint">{t('partners:registration.subdomain_hint', { host: `${subdomain || '…'}.${host}` })}</span>
                    )
                  }
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  name="type"
                  control={control}
                  rules={req}
                  render={({ field }) => (
                    <TextField
                      select
                      id="type"
                      label={t('partners:registration.type')}
                      {...field}
                      error={!!e.type || types.isError}
                      helperText={e.type?.message ?? (types.isError ? t('partners:registration.types_error') : undefined)}
                      slotProps={{ select: { MenuProps: { slotProps: { paper: { 'data-testid': 'type-options' } as object } } } }}
                    >
                      {(types.data ?? []).map((ty) => (
                        <MenuItem key={ty.id} value={String(ty.id)}>
                          {localName(ty, i18n.language)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField id="contact_phone" type="tel" label={t('partners:registration.contact_phone')} {...register('contact_phone', req)} error={!!e.contact_phone} helperText={e.contact_phone?.message} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField id="contact_email" type="email" label={t('partners:registration.contact_email')} {...register('contact_email', emailRule)} error={!!e.contact_email} helperText={e.contact_email?.message} />
              </Grid>
            </Grid>
          </CardContent>
        </Card>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" size="large" variant="contained" disabled={mutation.isPending} data-testid="partner-registration-submit" sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {t('partners:registration.submit')}
          </Button>
        </Box>
      </Box>
    </Container>
  );
}
