// /user-management/manage-role: the site's roles, the built-in ones first (marked so, never edited
// or deleted), each with how many people hold it; searched by name (?search=), a page at a time.
// "New role" opens the form of a new one; a role of the site's own is edited or deleted from its row
// (a role people still hold is not deleted: 409 `role_in_use`).
import { Box, Button, Chip, IconButton, Link, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { useAllows } from '../../../lib/access';
import type { SiteRole } from '../api/users-api';
import { deleteRoleMutation, useRoleList } from '../hooks/use-users';
import { roleEditPath, roleName, roleViewPath, useNumber, useUsersErrorText } from './user-parts';
import { SearchField } from '../../../components/ui/search-field';

export default function RoleListPage() {
  const { t, i18n } = useTranslation(['users', 'common']);
  const n = useNumber();
  const { query, search, setSearch, page, setPage } = useRoleList();
  const canCreate = useAllows('roles', 'create') === true;
  const canEdit = useAllows('roles', 'edit') === true;
  const canDelete = useAllows('roles', 'delete') === true;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useUsersErrorText();
  const [deleting, setDeleting] = useState<SiteRole | null>(null);
  const remove = useMutation(deleteRoleMutation(qc));
  const total = query.data?.total;
  const roles = query.data?.data ?? [];

  return (
    <Box data-testid="role-list-page">
      <PageHeader
        title={t('users:roles.title')}
        subtitle={total !== undefined ? t('users:roles.total', { count: total, n: n(total) }) : t('users:roles.hint')}
        actions={
          canCreate ? (
            <Button component={RouterLink} to={roleEditPath(null)} variant="contained" startIcon={<AddIcon />} data-testid="new-role">
              {t('users:roles.new')}
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ mb: 2, display: 'flex' }}>
        <SearchField id="role-search" label={t('users:roles.search')} search={search} onSearch={setSearch} />
      </Box>
      <ListCard
        list={query}
        page={page}
        onPage={setPage}
        rowHeight={64}
        emptyIcon={<AdminPanelSettingsOutlinedIcon />}
        emptyMessage={search ? t('users:search_empty', { search }) : t('users:roles.empty')}
      >
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} data-testid="role-list">
          {roles.map((r) => {
            const name = roleName(r, i18n.language);
            return (
              <Stack
                component="li"
                key={r.slug}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ p: { xs: 1.5, sm: 2 }, alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
                data-testid="role-row"
                data-slug={r.slug}
                data-built-in={r.built_in ? 'true' : 'false'}
              >
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Link component={RouterLink} to={roleViewPath(r.slug)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="role-link">
                      {name}
                    </Link>
                    {r.built_in && <Chip size="small" label={t('users:roles.built_in')} data-testid="role-built-in" />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('users:roles.members', { count: r.members, n: n(r.members) })}
                    {' · '}
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      {r.slug}
                    </Box>
                  </Typography>
                </Box>
                <Stack direction="row" sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'center' } }}>
                  <Tooltip title={t('users:roles.view')}>
                    <IconButton component={RouterLink} to={roleViewPath(r.slug)} aria-label={`${t('users:roles.view')}: ${name}`} data-testid="role-view">
                      <VisibilityOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {!r.built_in && canEdit && (
                    <Tooltip title={t('users:roles.edit')}>
                      <IconButton component={RouterLink} to={roleEditPath(r.slug)} aria-label={`${t('users:roles.edit')}: ${name}`} data-testid="role-edit">
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {!r.built_in && canDelete && (
                    <Tooltip title={t('users:roles.delete')}>
                      <IconButton onClick={() => setDeleting(r)} aria-label={`${t('users:roles.delete')}: ${name}`} data-testid="role-delete">
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      </ListCard>
      <DeleteRoleDialog
        role={deleting}
        busy={remove.isPending}
        onClose={() => !remove.isPending && setDeleting(null)}
        onConfirm={(role) =>
          remove.mutate(role, {
            onSuccess: () => toast.show(t('users:roles.deleted', { name: roleName(role, i18n.language) })),
            onError: (err) => toast.show(errorText(err, role.members), { severity: 'error', duration: 6000 }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Box>
  );
}

/** "Delete the role …?": says when people still hold it (the server refuses then). */
export function DeleteRoleDialog({ role, busy, onClose, onConfirm }: { role: SiteRole | null; busy: boolean; onClose: () => void; onConfirm: (role: SiteRole) => void }) {
  const { t, i18n } = useTranslation('users');
  const n = useNumber();
  return (
    <ConfirmDialog
      open={!!role}
      title={t('users:roles.delete_title', { name: role ? roleName(role, i18n.language) : '' })}
      body={role?.members ? t('users:roles.delete_held', { count: role.members, n: n(role.members) }) : t('users:roles.delete_body')}
      confirmLabel={t('users:roles.delete')}
      danger
      busy={busy}
      onConfirm={() => role && onConfirm(role)}
      onClose={onClose}
    />
  );
}
