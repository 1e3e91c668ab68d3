import { Alert, Box, Button, Divider, Link, TextField, Typography } from '@mui/material';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuthLinks } from '../../../lib/use-auth-links';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { useSite } from '../../../lib/site-context';
import { emailProblem, phoneOk, REGISTRATION_FIELDS, registrationMutation, type RegistrationForm } from '../hooks/registration';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';
import { SsoButtons } from './sso-buttons';

/**
 * Signing up: an e-mail address or a mobile number, or both. An account with a phone only goes to
 * verify it (the server texted it a code); others go where signing in goes.
 */
export default function RegistrationPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const { site } = useSite();
  const errorText = useErrorText();
  const signIn = useSignIn();
  const links = useAuthLinks();
  const { register, handleSubmit, setError, formState } = useForm<RegistrationForm>({ defaultValues: { name: '', email: '', phone: '', password: '' } });
  const mutation = useMutation({
    ...registrationMutation(signIn),
    onError: (err) => {
      for (const [k, v] of Object.entries(fieldErrorsOf(err))) if ((REGISTRATION_FIELDS as readonly string[]).includes(k)) setError(k as keyof RegistrationForm, { message: v });
    },
  });
  const e = formState.errors;
  const emailMessage = { contact_required: t('errors:contact_required'), email_invalid: t('common:form.email_invalid') };
  return (
    <AuthCard
      icon={<PersonAddAltOutlinedIcon />}
      title={t('auth:registration.title')}
      subtitle={t('auth:registration.subtitle')}
      footer={
        <>
          {t('auth:registration.have_account')}{' '}
          <Link component={RouterLink} to={links.login} sx={{ fontWeight: 600 }} data-testid="registration-to-login">
            {t('auth:registration.login_link')}
          </Link>
          {site.is_main && site.site_config.modules.partnership && (
            <>
              <Divider sx={{ my: 2 }} />
              <Typography variant="body2">
                {t('auth:registration.partner_prompt')}{' '}
                <Link component={RouterLink} to="/partnership/registration" sx={{ fontWeight: 600 }}>
                  {t('auth:registration.partner_link')}
                </Link>
              </Typography>
            </>
          )}
        </>
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))} sx={{ display: 'grid', gap: 2 }} data-testid="registration-form">
        {mutation.error && <Alert severity="error">{errorText(mutation.error)}</Alert>}
        <TextField id="name" label={t('auth:registration.name')} autoComplete="name" {...register('name', { required: t('common:form.required') })} error={!!e.name} helperText={e.name?.message} />
        <TextField
          id="email"
          type="email"
          label={t('auth:registration.email')}
          autoComplete="email"
          {...register('email', {
            validate: (v, all) => {
              const problem = emailProblem(v, all.phone);
              return problem ? emailMessage[problem] : true;
            },
          })}
          error={!!e.email}
          helperText={e.email?.message}
        />
        <TextField
          id="phone"
          type="tel"
          label={t('auth:registration.phone')}
          autoComplete="tel"
          // Given or cleared, the phone decides whether the e-mail address may stay empty.
          {...register('phone', { deps: ['email'], validate: (v) => phoneOk(v) || t('errors:invalid_phone') })}
          error={!!e.phone}
          helperText={e.phone?.message ?? t('auth:registration.phone_hint')}
        />
        <PasswordField
          id="password"
          label={t('auth:registration.password')}
          autoComplete="new-password"
          {...register('password', { required: t('common:form.required'), minLength: { value: 8, message: t('auth:registration.password_short') } })}
          error={!!e.password}
          helperText={e.password?.message ?? t('auth:registration.password_hint')}
        />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending || mutation.isSuccess} data-testid="registration-submit">
          {t('auth:registration.submit')}
        </Button>
      </Box>
      <SsoButtons mode="register" back={links.back} />
    </AuthCard>
  );
}
