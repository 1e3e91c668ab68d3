// The profile form (every field of update-profile) and the dialog it opens in, full-screen on phones.
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  TextField,
  type TextFieldProps,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { useController, useForm, useWatch, type Control, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DistrictChoices } from '../../../components/ui/reference-choices';
import { categoryTitle } from '../../../lib/course-text';
import { formatNumber, formatYear } from '../../../lib/lang';
import { useProfessions } from '../../../lib/reference-api';
import { useUpazilas, type ProfileBody } from '../api/profile-api';
import {
  ADDRESS_MAX,
  BIO_MAX,
  BIRTH_YEAR_MIN,
  birthDateProblem,
  chooseDistrict,
  EMAIL_PATTERN,
  emailChanged,
  GENDERS,
  isMobileNumber,
  NAME_MAX,
  profileBody,
  todayIso,
} from '../hooks/profile-form';
import type { ProfileField, ProfileFormValues } from '../hooks/profile-values';
import { PasswordInput } from './password-input';

const TITLE_ID = 'profile-form-title';

type FormProps = {
  /** The values to start from (the saved profile's). */
  values: ProfileFormValues;
  /** The saved address: another one asks for the current password. */
  savedEmail: string | null;
  focus?: ProfileField;
  pending: boolean;
  error: string | null;
  /** The server's messages for the last try (already in the user's language). */
  fieldErrors: Partial<Record<ProfileField, string>>;
  onSubmit: (body: ProfileBody) => void;
  onCancel: () => void;
};

/**
 * The edit dialog of /profile/myprofile, full-screen on phones. Its form is mounted while the
 * dialog is (MUI drops the children once it has closed): fresh values each time it opens.
 */
export function ProfileDialog({ open, onExited, ...form }: FormProps & { open: boolean; onExited?: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={() => !form.pending && form.onCancel()}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={TITLE_ID}
      slotProps={{ transition: { onExited } }}
    >
      <ProfileForm {...form} />
    </Dialog>
  );
}

/**
 * The form itself. `fieldErrors` are the server's messages for the last try (already in the
 * user's language); the form's own checks, when they fail, show first. The current password is
 * asked for only when the e-mail address changes (or the server asks for it).
 */
export function ProfileForm({ values, savedEmail, focus = 'name', pending, error, fieldErrors, onSubmit, onCancel }: FormProps) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const lang = i18n.language;
  const { handleSubmit, control } = useForm<ProfileFormValues>({ defaultValues: values });
  const email = useWatch({ control, name: 'email' });
  const bio = useWatch({ control, name: 'bio' }) ?? '';
  const required = t('common:form.required');
  const tooLong = (n: number) => ({ value: n, message: t('profile:form.too_long', { n: formatNumber(n, lang) }) });
  const askPassword = emailChanged(email ?? '', savedEmail) || !!fieldErrors.current_password;
  const today = todayIso();
  const bind = (name: TextName, rules?: FieldRules) => ({ name, rules, control, serverError: fieldErrors[name], autoFocus: focus === name });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit((v) => onSubmit(profileBody(v, savedEmail)))}
      data-testid="profile-form"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <DialogTitle id={TITLE_ID}>{t('profile:form.title')}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
            {error}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              {...bind('name', { validate: (v) => !!v.trim() || required, maxLength: tooLong(NAME_MAX) })}
              label={t('profile:name')}
              autoComplete="name"
              required
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              {...bind('name_bn', { maxLength: tooLong(NAME_MAX) })}
              label={t('profile:name_bn')}
              fullWidth
              slotProps={{ htmlInput: { lang: 'bn' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              {...bind('email', {
                validate: (v) => (!v.trim() ? required : EMAIL_PATTERN.test(v.trim()) || t('common:form.email_invalid')),
              })}
              label={t('profile:email')}
              type="email"
              autoComplete="email"
              required
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              {...bind('phone', { validate: (v) => !v.trim() || isMobileNumber(v) || t('profile:form.phone_invalid') })}
              label={t('profile:phone')}
              type="tel"
              autoComplete="tel-national"
              fullWidth
              helperText={t('profile:form.phone_hint')}
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
            />
          </Grid>
          {askPassword && (
            <Grid size={12}>
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('profile:form.email_change_note')}
              </Alert>
              <FormField
                as={PasswordInput}
                {...bind('current_password', {
                  validate: (v, all) => !emailChanged(all.email, savedEmail) || !!v || required,
                })}
                label={t('profile:form.current_password')}
                autoComplete="current-password"
                required
                helperText={t('profile:form.current_password_hint')}
                data-testid="profile-current-password"
              />
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              {...bind('gender')}
              select
              label={t('profile:gender')}
              fullWidth
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('profile:genders.none')}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`profile:genders.${g}`)}
                </option>
              ))}
            </FormField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              {...bind('date_of_birth', {
                validate: (v) => {
                  const problem = birthDateProblem(v, today);
                  return !problem || t(`profile:form.birth_${problem}`, { year: formatYear(BIRTH_YEAR_MIN, lang) });
                },
              })}
              label={t('profile:date_of_birth')}
              type="date"
              autoComplete="bday"
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: `${BIRTH_YEAR_MIN}-01-01`, max: today } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <ProfessionField control={control} serverError={fieldErrors.profession_id} />
          </Grid>
          <PlaceFields control={control} fieldErrors={fieldErrors} />
          <Grid size={12}>
            <FormField
              {...bind('address', { maxLength: tooLong(ADDRESS_MAX) })}
              label={t('profile:address')}
              autoComplete="street-address"
              multiline
              minRows={2}
              fullWidth
            />
          </Grid>
          <Grid size={12}>
            <FormField
              {...bind('bio', { maxLength: tooLong(BIO_MAX) })}
              label={t('profile:bio')}
              multiline
              minRows={4}
              fullWidth
              helperText={(message) => (
                <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <span>{message ?? t('profile:form.bio_hint')}</span>
                  <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }} data-testid="profile-bio-count" aria-live="polite">
                    {t('profile:form.count', { n: formatNumber(bio.length, lang), max: formatNumber(BIO_MAX, lang) })}
                  </Box>
                </Box>
              )}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="profile-save"
        >
          {pending ? t('common:actions.saving') : t('common:actions.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The fields typed as text (the others hold ids of the reference lists). */
type TextName = Exclude<ProfileField, 'profession_id' | 'district_id' | 'upazila_id'>;
type FieldRules = RegisterOptions<ProfileFormValues, TextName>;

interface ReferenceFieldProps {
  control: Control<ProfileFormValues>;
  serverError?: string;
}

/** One of the professions (lib/reference-api.ts), or none; a saved one the list lacks shows as "#id". */
function ProfessionField({ control, serverError }: ReferenceFieldProps) {
  const { t } = useTranslation('profile');
  const professions = useProfessions();
  const { field } = useController({ name: 'profession_id', control });
  return (
    <ReferenceSelect
      id="profile-profession-id"
      label={t('profile:profession')}
      items={professions.data ?? []}
      value={field.value ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={serverError}
    />
  );
}

/**
 * A native select of reference items by their name in the interface's language, with "none"; a
 * saved id the list lacks shows as "#id".
 */
function ReferenceSelect(props: {
  id: string;
  label: string;
  items: { id: number; title?: string | null; bn_title?: string | null }[];
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur: () => void;
  inputRef: React.Ref<HTMLInputElement>;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('profile');
  const value = props.value == null ? '' : String(props.value);
  return (
    <TextField
      select
      id={props.id}
      label={props.label}
      value={value}
      onChange={(e) => props.onChange(e.target.value ? Number(e.target.value) : null)}
      onBlur={props.onBlur}
      inputRef={props.inputRef}
      disabled={props.disabled}
      error={!!props.error}
      helperText={props.error ?? props.helperText}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      data-testid={props.testId}
    >
      <option value="">{t('profile:no_value')}</option>
      {props.items.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {categoryTitle(item, i18n.language)}
        </option>
      ))}
      {value && !props.items.some((item) => String(item.id) === value) && <option value={value}>#{formatNumber(Number(value), i18n.language)}</option>}
    </TextField>
  );
}

/**
 * The district (one of the 64, found by typing its name) and one of its upazilas (a select of the
 * district's, by name in the interface's language), each or none. The upazila waits for a district,
 * and choosing another district clears it: the server would refuse it as not in that district.
 */
function PlaceFields({ control, fieldErrors }: { control: Control<ProfileFormValues>; fieldErrors: Partial<Record<ProfileField, string>> }) {
  const { t, i18n } = useTranslation('profile');
  const lang = i18n.language;
  const { field: district } = useController({ name: 'district_id', control });
  const { field: upazila } = useController({ name: 'upazila_id', control });
  const districtId = district.value ?? null;
  const upazilas = useUpazilas(districtId);
  const options = [...(upazilas.data ?? [])].sort((a, b) => categoryTitle(a, lang).localeCompare(categoryTitle(b, lang), lang));
  const chooseDistrictId = (id: number | null) => {
    const next = chooseDistrict({ district_id: districtId, upazila_id: upazila.value ?? null }, id);
    district.onChange(next.district_id);
    upazila.onChange(next.upazila_id);
  };
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DistrictChoices
          id="profile-district-id"
          label={t('profile:district')}
          value={districtId}
          onChange={chooseDistrictId}
          error={fieldErrors.district_id}
          placeholder={t('profile:no_value')}
          noOptionsText={t('profile:no_options')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <ReferenceSelect
          id="profile-upazila-id"
          label={t('profile:upazila')}
          items={options}
          value={districtId == null ? null : (upazila.value ?? null)}
          onChange={upazila.onChange}
          onBlur={upazila.onBlur}
          inputRef={upazila.ref}
          disabled={districtId == null}
          error={fieldErrors.upazila_id}
          helperText={districtId == null ? t('profile:form.upazila_hint') : undefined}
          testId="profile-upazila"
        />
      </Grid>
    </>
  );
}

/**
 * A TextField (or `as`) bound to a form field: the form's own message first, else the server's,
 * else `helperText` (a function of the message when it shows it itself).
 */
function FormField({
  name,
  control,
  rules,
  serverError,
  as: As = TextField,
  helperText,
  ...props
}: Omit<TextFieldProps, 'name' | 'helperText'> & {
  name: TextName;
  control: Control<ProfileFormValues>;
  rules?: FieldRules;
  serverError?: string;
  as?: ComponentType<TextFieldProps>;
  helperText?: ReactNode | ((message: string | undefined) => ReactNode);
}) {
  const { field, fieldState } = useController({ name, control, rules });
  const { ref, ...bound } = field;
  const message = fieldState.error?.message ?? serverError;
  return (
    <As
      {...props}
      {...bound}
      inputRef={ref}
      id={`profile-${name.replace(/_/g, '-')}`}
      error={!!message}
      helperText={typeof helperText === 'function' ? helperText(message) : (message ?? helperText)}
    />
  );
}
