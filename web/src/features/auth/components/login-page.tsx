import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuthLinks } from '../../../lib/use-auth-links';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { login } from '../api/auth-api';
import { forgotPasswordLink } from '../hooks/password-reset';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';
import { SsoButtons } from './sso-buttons';

interface Form {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const errorText = useErrorText();
  const signIn = useSignIn();
  const links = useAuthLinks();
  const { register, handleSubmit, setError, formState, control } = useForm<Form>({ defaultValues: { email: '', password: '' } });
  const typed = useWatch({ control, name: 'email' });
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (res) => signIn(res),
    onError: (err) => {
      for (const [k, v] of Object.entries(fieldErrorsOf(err))) if (k === 'email' || k === 'password') setError(k, { message: v });
    },
  });
  const required = { required: t('common:form.required') };
  return (
    <AuthCard
      title={t('auth:login.title')}
      subtitle={t('auth:login.subtitle')}
      footer={
        <>
          {t('auth:login.no_account')}{' '}
          <Link component={RouterLink} to={links.registration} sx={{ fontWeight: 600 }} data-testid="login-to-registration">
            {t('auth:login.register_link')}
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))} sx={{ display: 'grid', gap: 2 }} data-testid="login-form">
        {mutation.error && (
          <Alert severity="error" data-testid="form-error">
            {errorText(mutation.error)}
          </Alert>
        )}
        <TextField
          id="email"
          label={t('auth:login.email')}
          autoComplete="username"
          autoFocus
          {...register('email', required)}
          error={!!formState.errors.email}
          helperText={formState.errors.email?.message}
        />
        <PasswordField
          id="password"
          label={t('auth:login.password')}
          autoComplete="current-password"
          {...register('password', required)}
          error={!!formState.errors.password}
          helperText={formState.errors.password?.message}
        />
        <Link
          component={RouterLink}
          to={forgotPasswordLink(typed, links.back)}
          variant="body2"
          sx={{ justifySelf: 'end', mt: -1, fontWeight: 600 }}
          data-testid="login-forgot-password"
        >
          {t('auth:login.forgot_link')}
        </Link>
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} data-testid="login-submit">
          {t('auth:login.submit')}
        </Button>
      </Box>
      <SsoButtons mode="login" back={links.back} />
    </AuthCard>
  );
}
