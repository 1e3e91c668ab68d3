// The password form of /profile/account-setting: current password, new password twice. Loaded
// with the forms' chunk; the page owns the change itself.
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useForm, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';
import type { PasswordChange } from '../api/profile-api';
import { MIN_PASSWORD } from '../hooks/profile-form';
import type { PasswordField } from '../hooks/use-profile';
import { PasswordInput } from './password-input';

/**
 * Current password, new password twice. Checks what the server checks (required, at least 8
 * characters, the two the same) before sending; `fieldErrors` are the server's messages for the
 * last try (already in the user's language), shown when the form's own checks pass.
 */
export function PasswordChangeForm({
  email,
  pending,
  done,
  error,
  fieldErrors,
  onSubmit,
}: {
  /** For password managers: the account the new password belongs to. */
  email: string;
  pending: boolean;
  done: boolean;
  error: string | null;
  fieldErrors: Partial<Record<PasswordField, string>>;
  onSubmit: (v: PasswordChange) => void;
}) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const { register, handleSubmit, formState } = useForm<PasswordChange>({
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const message = (f: PasswordField) => formState.errors[f]?.message ?? fieldErrors[f];
  const required = t('common:form.required');
  const min = formatNumber(MIN_PASSWORD, i18n.language);
  const field = (name: PasswordField, rules: RegisterOptions<PasswordChange>) => {
    const { ref, ...rest } = register(name, rules);
    return { ...rest, inputRef: ref, id: `account-${name.replace(/_/g, '-')}`, error: !!message(name) };
  };
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {t('profile:password.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {t('profile:password.subtitle')}
        </Typography>
        <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'grid', gap: 2 }} data-testid="password-change-form">
          {done && (
            <Alert severity="success" data-testid="password-changed">
              {t('profile:password.changed')}
            </Alert>
          )}
          {error && (
            <Alert severity="error" data-testid="password-error">
              {error}
            </Alert>
          )}
          {/* The account name, for password managers saving the new password. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            {...field('current_password', { validate: (v) => !!v || required })}
            label={t('profile:password.current')}
            autoComplete="current-password"
            required
            helperText={message('current_password')}
          />
          <PasswordInput
            {...field('password', {
              validate: (v) => (!v ? required : v.length >= MIN_PASSWORD || t('profile:password.too_short', { n: min })),
            })}
            label={t('profile:password.new')}
            autoComplete="new-password"
            required
            helperText={message('password') ?? t('profile:password.hint', { n: min })}
          />
          <PasswordInput
            {...field('password_confirmation', {
              validate: (v, all) => (!v ? required : v === all.password || t('profile:password.mismatch')),
            })}
            label={t('profile:password.confirm')}
            autoComplete="new-password"
            required
            helperText={message('password_confirmation')}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={pending}
              startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
              data-testid="password-change-submit"
            >
              {pending ? t('common:actions.saving') : t('profile:password.submit')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
