// "Add person" (and a learner's "Give a role"): someone's e-mail address or mobile number and one
// of the site's roles; an existing account is given the role. With a name, someone who has no
// account gets one, and sets their password with "Forgot password" (without a name that is a 422
// `user_not_found` on the login, said here with the hint to give one). The server's refusals show
// on their fields (a login that is neither an e-mail nor a phone, an unknown role) or above the
// buttons (409 `already_member`).
import { Alert, Dialog, Grid, MenuItem, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { asciiDigits } from '../../../lib/digits';
import { fieldProblem, useFieldErrorText } from '../../../lib/field-error-text';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import type { SiteRole } from '../api/users-api';
import { addPersonMutation, useAllRoles } from '../hooks/use-users';
import { LOGIN_MAX, NAME_MAX, roleName, useFullScreen } from './user-parts';

const TITLE_ID = 'add-person-title';

export const PERSON_FIELDS = ['login', 'role', 'name'] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

export interface PersonValues {
  login: string;
  role: string;
  name: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

/** The login as sent: trimmed, a phone's Bangla digits as ASCII ones. */
export function normalLogin(login: string): string {
  const v = login.trim();
  return v.includes('@') ? v : asciiDigits(v);
}

/** The client's own checks: a login that is an e-mail address or a phone number, a role, a name not too long. */
export function personProblems(v: PersonValues): FieldProblems<PersonField> {
  const out: FieldProblems<PersonField> = {};
  const login = normalLogin(v.login);
  if (!login) out.login = 'login_required';
  else if (!EMAIL.test(login) && !PHONE.test(login)) out.login = 'login_invalid';
  if (!v.role) out.role = 'role_required';
  if (v.name.trim().length > NAME_MAX) out.name = 'too_long';
  return out;
}

/** A problem code in the form's words: users:problems.<code>, else errors:<code>. */
export function usePersonProblemText() {
  const { t, i18n } = useTranslation(['users', 'errors']);
  return (code: string) => (i18n.exists(`users:problems.${code}`) ? t(`users:problems.${code}`) : i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : code);
}

/**
 * The form's refusals: the client's and the server's on each field, `user_not_found` on the login
 * in this form's words (with the hint to give a name).
 */
export function usePersonErrors(error: unknown) {
  const { t } = useTranslation('users');
  const fields = useFieldErrors(PERSON_FIELDS, error, usePersonProblemText());
  const serverText = useFieldErrorText()(error, 'login');
  const problem = fieldProblem(error, 'login');
  const errors = { ...fields.errors };
  // The server's refusal of the login is on show (not the client's own check, nor edited since).
  if (errors.login && errors.login === serverText && problem && 'code' in problem && problem.code === 'user_not_found') {
    errors.login = t('users:add.login_not_found');
  }
  return { ...fields, errors };
}

export function AddPersonDialog(props: {
  open: boolean;
  onClose: () => void;
  /** Someone known (a learner's page): their e-mail or phone, not to be changed. */
  login?: string;
  /** Their name, for the title. */
  personName?: string;
}) {
  const fullScreen = useFullScreen();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="add-person-dialog">
      {props.open && <PersonEditor login={props.login} personName={props.personName} onClose={props.onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

function PersonEditor({ login, personName, onClose, onBusy }: { login?: string; personName?: string; onClose: () => void; onBusy: (busy: boolean) => void }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const roles = useAllRoles();
  const [values, setValues] = useState<PersonValues>({ login: login ?? '', role: '', name: '' });
  const save = useMutation(addPersonMutation(qc));
  const { errors, formError, changed, check } = usePersonErrors(save.error);

  const onSave = () => {
    if (!check(personProblems(values))) return;
    onBusy(true);
    const role = roles.data?.find((r) => r.slug === values.role);
    save.mutate(
      { login: normalLogin(values.login), role: values.role, ...(values.name.trim() && !login ? { name: values.name.trim() } : {}) },
      {
        onSuccess: (person) => {
          toast.show(t('users:add.added', { name: person.name || normalLogin(values.login), role: role ? roleName(role, i18n.language) : values.role }));
          onClose();
        },
        onSettled: () => onBusy(false),
      },
    );
  };
  return (
    <PersonForm
      values={values}
      errors={errors}
      formError={formError}
      busy={save.isPending}
      roles={roles.data}
      rolesError={!!roles.error}
      fixedLogin={login !== undefined}
      title={personName ? t('users:add.give_title', { name: personName }) : t('users:add.title')}
      onChange={(patch) => {
        setValues((v) => ({ ...v, ...patch }));
        changed(Object.keys(patch) as PersonField[]);
      }}
      onSave={onSave}
      onCancel={onClose}
    />
  );
}

export interface PersonFormProps {
  values: PersonValues;
  errors: FieldProblems<PersonField>;
  formError?: string | null;
  busy: boolean;
  /** The site's roles (undefined while they load). */
  roles: readonly SiteRole[] | undefined;
  rolesError?: boolean;
  /** The login is the known person's: shown, not edited, and no name asked. */
  fixedLogin?: boolean;
  title: string;
  onChange: (patch: Partial<PersonValues>) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function PersonForm({ values, errors, formError, busy, roles, rolesError, fixedLogin, title, onChange, onSave, onCancel }: PersonFormProps) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const text = boundTextField({ idPrefix: 'person', values, errors, disabled: busy, onChange });
  const shrink = { inputLabel: { shrink: true } };
  return (
    <DialogForm titleId={TITLE_ID} title={title} busy={busy} submitLabel={t('users:add.submit')} onSubmit={onSave} onCancel={onCancel} testId="add-person-form" submitTestId="add-person-save">
      <Grid container spacing={2} sx={{ pt: 0.5 }}>
        <Grid size={12}>
          {text('login', t('users:add.login'), {
            required: true,
            autoFocus: !fixedLogin,
            helperText: t('users:add.login_hint'),
            slotProps: { htmlInput: { maxLength: LOGIN_MAX, inputMode: 'email', spellCheck: false, autoComplete: 'off', readOnly: fixedLogin }, ...shrink },
          })}
        </Grid>
        <Grid size={12}>
          <TextField
            select
            id="person-role"
            name="role"
            label={t('users:add.role')}
            value={roles?.some((r) => r.slug === values.role) ? values.role : ''}
            onChange={(e) => onChange({ role: e.target.value })}
            disabled={busy || !roles?.length}
            required
            fullWidth
            autoFocus={fixedLogin}
            error={!!errors.role || !!rolesError}
            helperText={errors.role ?? (rolesError ? t('users:add.roles_failed') : !roles ? t('users:add.roles_loading') : undefined)}
            slotProps={{ inputLabel: { shrink: true } }}
            data-testid="person-role-select"
          >
            {(roles ?? []).map((r) => (
              <MenuItem key={r.slug} value={r.slug} data-slug={r.slug}>
                {roleName(r, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {!fixedLogin && (
          <Grid size={12}>
            {text('name', `${t('users:add.name')} (${t('common:form.optional')})`, {
              helperText: t('users:add.name_hint'),
              slotProps: { htmlInput: { maxLength: NAME_MAX, autoComplete: 'off' }, ...shrink },
            })}
          </Grid>
        )}
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="add-person-error">
              {formError}
            </Alert>
          </Grid>
        )}
      </Grid>
    </DialogForm>
  );
}
