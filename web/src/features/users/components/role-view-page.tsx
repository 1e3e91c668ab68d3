// /user-management/manage-role/view/:slug: a role, its names and its permission map as a read-only
// grid (the modules the site's roles may hold, each action granted or not); a role of the site's own
// can be edited or deleted from here.
import { Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { useAllows } from '../../../lib/access';
import { formatDate } from '../../../lib/lang';
import { grantsOf } from '../hooks/permission-grid';
import { deleteRoleMutation, isNotFound, useRole, useRoleModules } from '../hooks/use-users';
import { PermissionGrid } from './permission-grid';
import { DeleteRoleDialog } from './role-list-page';
import { BackLink, NotOnSite, roleEditPath, roleName, ROLES, useNumber, useUsersErrorText } from './user-parts';

export default function RoleViewPage({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const lang = i18n.language;
  const n = useNumber();
  const role = useRole(slug);
  const modules = useRoleModules();
  const canEdit = useAllows('roles', 'edit') === true;
  const canDelete = useAllows('roles', 'delete') === true;
  const qc = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const errorText = useUsersErrorText();
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation(deleteRoleMutation(qc));

  if (isNotFound(role.error)) {
    return <NotOnSite message={t('users:roles.not_found')} back={ROLES} backLabel={t('users:roles.back')} />;
  }
  const r = role.data;
  return (
    <Box data-testid="role-view-page" sx={{ minWidth: 0 }}>
      <BackLink to={ROLES} label={t('users:roles.back')} />
      {role.error ? (
        <ErrorState error={role.error} onRetry={() => void role.refetch()} />
      ) : !r ? (
        <Skeleton height={64} data-testid="role-loading" />
      ) : (
        <>
          <PageHeader
            title={roleName(r, lang)}
            subtitle={t('users:roles.members', { count: r.members, n: n(r.members) })}
            actions={
              !r.built_in && (canEdit || canDelete) ? (
                <Stack direction="row" spacing={1}>
                  {canEdit && (
                    <Button component={RouterLink} to={roleEditPath(r.slug)} variant="contained" startIcon={<EditOutlinedIcon />} data-testid="role-edit">
                      {t('users:roles.edit')}
                    </Button>
                  )}
                  {canDelete && (
                    <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setDeleting(true)} data-testid="role-delete">
                      {t('users:roles.delete')}
                    </Button>
                  )}
                </Stack>
              ) : undefined
            }
          />
          <Card sx={{ mb: 3 }}>
            <CardContent>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
                {r.built_in && <Chip size="small" label={t('users:roles.built_in')} data-testid="role-built-in" />}
                <Chip size="small" variant="outlined" label={t(`users:role_class.${r.class}`, { defaultValue: r.class })} />
              </Stack>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 3fr)' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t('users:roles.name')}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="role-name">
                  {r.name}
                </Typography>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t('users:roles.name_bn')}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="role-name-bn">
                  {r.name_bn || t('users:none')}
                </Typography>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t('users:roles.slug')}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="role-slug">
                  {r.slug}
                </Typography>
                {r.updated_at && (
                  <>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t('users:roles.updated')}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }}>
                      {formatDate(r.updated_at, lang)}
                    </Typography>
                  </>
                )}
              </Box>
              {r.built_in && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  {t('users:roles.built_in_hint')}
                </Typography>
              )}
            </CardContent>
          </Card>
        </>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }} id="role-map-title">
        {t('users:roles.map_title')}
      </Typography>
      {modules.error ? (
        <ErrorState error={modules.error} onRetry={() => void modules.refetch()} />
      ) : !modules.data || !r ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <PermissionGrid modules={modules.data} grants={grantsOf(r.permissions, modules.data)} label={t('users:roles.map_of', { name: roleName(r, lang) })} />
      )}
      <DeleteRoleDialog
        role={deleting && r ? r : null}
        busy={remove.isPending}
        onClose={() => !remove.isPending && setDeleting(false)}
        onConfirm={(gone) =>
          remove.mutate(gone, {
            onSuccess: () => {
              toast.show(t('users:roles.deleted', { name: roleName(gone, lang) }));
              void navigate(ROLES, { replace: true });
            },
            onError: (err) => toast.show(errorText(err, gone.members), { severity: 'error', duration: 6000 }),
            onSettled: () => setDeleting(false),
          })
        }
      />
    </Box>
  );
}
