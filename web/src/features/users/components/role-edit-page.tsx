// /user-management/manage-role/edit/:slug (and /edit/new): a role of the site's own, its names in
// English and Bangla and its permission map, ticked in a grid (a row per module the site's roles
// may hold, a column per action, a row's "all" box). Saving sends the whole map, every module's
// every action granted or not; the server's refusals show on their fields (a name another role has,
// a module the site may not give). Built-in roles are not edited: the page says so.
import { Alert, Box, Button, Card, CardContent, CircularProgress, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import type { RoleInput, RoleModule, SiteRole } from '../api/users-api';
import { grantedCount, grantsOf, mapOf, withoutView, type Grants } from '../hooks/permission-grid';
import { isNotFound, saveRoleMutation, useRole, useRoleModules } from '../hooks/use-users';
import { PermissionGrid, usePermissionLabels } from './permission-grid';
import { BackLink, NAME_MAX, NotOnSite, roleName, ROLES, roleViewPath, useNumber } from './user-parts';

export const ROLE_FIELDS = ['name', 'name_bn', 'permissions'] as const;
export type RoleField = (typeof ROLE_FIELDS)[number];

export interface RoleValues {
  name: string;
  name_bn: string;
}

/** The client's own checks of a role's names: given, and not too long. */
export function roleProblems(v: RoleValues): FieldProblems<RoleField> {
  const out: FieldProblems<RoleField> = {};
  for (const field of ['name', 'name_bn'] as const) {
    const value = v[field].trim();
    if (!value) out[field] = 'required';
    else if (value.length > NAME_MAX) out[field] = 'too_long';
  }
  return out;
}

/** The body of new-role/create: the role's slug when it is saved again, its names, its whole map. */
export function roleInput(slug: string | null, v: RoleValues, grants: Grants): RoleInput {
  return { ...(slug ? { slug } : {}), name: v.name.trim(), name_bn: v.name_bn.trim(), permissions: mapOf(grants) };
}

export default function RoleEditPage({ slug }: { slug: string | null }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const modules = useRoleModules();
  const role = useRole(slug ?? '', slug !== null);
  const title = slug === null ? t('users:roles.new_title') : t('users:roles.edit_title');

  let body;
  if (slug !== null && isNotFound(role.error)) {
    return <NotOnSite message={t('users:roles.not_found')} back={ROLES} backLabel={t('users:roles.back')} />;
  } else if (modules.error || role.error) {
    const error = modules.error ?? role.error;
    body = <ErrorState error={error} onRetry={() => void (modules.error ? modules.refetch() : role.refetch())} />;
  } else if (!modules.data || (slug !== null && !role.data)) {
    body = (
      <Box data-testid="role-form-loading">
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  } else if (role.data?.built_in) {
    body = (
      <Alert
        severity="info"
        data-testid="role-built-in-notice"
        action={
          <Button component={RouterLink} to={roleViewPath(role.data.slug)} color="inherit" size="small">
            {t('users:roles.view')}
          </Button>
        }
      >
        {t('users:roles.built_in_readonly', { name: roleName(role.data, i18n.language) })}
      </Alert>
    );
  } else {
    // Keyed by the role: another role (or a saved new one) starts afresh.
    body = <RoleEditor key={role.data?.slug ?? 'new'} role={role.data ?? null} modules={modules.data} />;
  }
  return (
    <Box data-testid="role-edit-page" sx={{ minWidth: 0 }}>
      <BackLink to={slug && role.data ? roleViewPath(slug) : ROLES} label={slug && role.data ? t('users:roles.back_to_role') : t('users:roles.back')} />
      <PageHeader title={title} subtitle={role.data ? roleName(role.data, i18n.language) : t('users:roles.form_hint')} />
      {body}
    </Box>
  );
}

function RoleEditor({ role, modules }: { role: SiteRole | null; modules: RoleModule[] }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState<RoleValues>({ name: role?.name ?? '', name_bn: role?.name_bn ?? '' });
  const [grants, setGrants] = useState<Grants>(() => grantsOf(role?.permissions, modules));
  const save = useMutation(saveRoleMutation(qc));
  const { errors, formError, changed, check } = useFieldErrors(ROLE_FIELDS, save.error);

  const onSave = () => {
    if (!check(roleProblems(values))) return;
    save.mutate(roleInput(role?.slug ?? null, values, grants), {
      onSuccess: (saved) => {
        toast.show(t(role ? 'users:roles.saved' : 'users:roles.created', { name: roleName(saved, i18n.language) }));
        void navigate(roleViewPath(saved.slug), { replace: true });
      },
    });
  };
  return (
    <RoleForm
      values={values}
      grants={grants}
      modules={modules}
      errors={errors}
      formError={formError}
      busy={save.isPending}
      cancelTo={role ? roleViewPath(role.slug) : ROLES}
      onChange={(patch) => {
        setValues((v) => ({ ...v, ...patch }));
        changed(Object.keys(patch) as RoleField[]);
      }}
      onGrants={(next) => {
        setGrants(next);
        changed(['permissions']);
      }}
      onSave={onSave}
    />
  );
}

export interface RoleFormProps {
  values: RoleValues;
  grants: Grants;
  modules: readonly RoleModule[];
  errors: FieldProblems<RoleField>;
  formError?: string | null;
  busy: boolean;
  cancelTo: string;
  onChange: (patch: Partial<RoleValues>) => void;
  onGrants: (grants: Grants) => void;
  onSave: () => void;
}

export function RoleForm({ values, grants, modules, errors, formError, busy, cancelTo, onChange, onGrants, onSave }: RoleFormProps) {
  const { t } = useTranslation(['users', 'common']);
  const labels = usePermissionLabels();
  const n = useNumber();
  const granted = grantedCount(grants);
  const text = boundTextField({ idPrefix: 'role', values, errors, disabled: busy, onChange });
  const noView = withoutView(grants);
  const shrink = { inputLabel: { shrink: true } };
  return (
    <Box
      component="form"
      noValidate
      data-testid="role-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onSave();
      }}
    >
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('name', t('users:roles.name'), { required: true, helperText: t('users:roles.name_hint'), slotProps: { htmlInput: { maxLength: NAME_MAX, autoComplete: 'off' }, ...shrink } })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('name_bn', t('users:roles.name_bn'), { required: true, slotProps: { htmlInput: { maxLength: NAME_MAX, autoComplete: 'off', lang: 'bn' }, ...shrink } })}
            </Grid>
          </Grid>
        </CardContent>
      </Card>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby="role-map-hint">
        <Typography component="legend" variant="h6" sx={{ mb: 0.5 }}>
          {t('users:roles.map_title')}
        </Typography>
        <Typography id="role-map-hint" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('users:roles.map_hint')}
        </Typography>
        {errors.permissions && (
          <Alert severity="error" sx={{ mb: 1.5 }} data-testid="role-permissions-error">
            {errors.permissions}
          </Alert>
        )}
        <PermissionGrid modules={modules} grants={grants} onChange={onGrants} disabled={busy} label={t('users:roles.map_title')} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="role-granted-count" aria-live="polite">
          {t('users:roles.granted', { count: granted, n: n(granted) })}
        </Typography>
        {noView.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="role-no-view">
            {t('users:roles.no_view', { modules: noView.map(labels.module).join(t('users:list_separator')) })}
          </Alert>
        )}
      </Box>
      {formError && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="role-form-error">
          {formError}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={cancelTo} disabled={busy} data-testid="role-cancel">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="role-save">
          {t('users:roles.save')}
        </Button>
      </Stack>
    </Box>
  );
}
