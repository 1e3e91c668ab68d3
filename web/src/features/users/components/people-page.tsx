// /user-management/system-user: the people holding a role on this site, searched by name, e-mail or
// phone (?search=) and filtered by role (?role=), a page at a time; "Add person" gives someone a
// role (making their account if need be), and each row changes or removes a role.
// /user-management/learner: the people learning on this site (every account on the main site),
// searched the same way, each opening their page, where they can be given a role.
import { Avatar, Box, Button, IconButton, Link, Stack, Typography } from '@mui/material';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FilterSelect } from '../../../components/ui/filter-select';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useAllows } from '../../../lib/access';
import { formatDay, localName } from '../../../lib/course-text';
import type { PeopleType, Person } from '../api/users-api';
import { useAllRoles, usePeople } from '../hooks/use-users';
import { AddPersonDialog } from './add-person-dialog';
import { MembershipDialog, type MembershipTarget } from './membership-dialogs';
import { learnerPath, RoleChips, roleName, systemUserPath, useNumber } from './user-parts';
import { SearchField } from '../../../components/ui/search-field';

/** A person's login: their e-mail, else their phone. */
export function loginOf(p: Pick<Person, 'email' | 'phone'>): string {
  return p.email || p.phone || '';
}

export default function PeoplePage({ type }: { type: PeopleType }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const lang = i18n.language;
  const n = useNumber();
  const system = type === 'system';
  const { query, search, setSearch, role, setRole, page, setPage } = usePeople(type);
  const roles = useAllRoles(system);
  const canCreate = useAllows('users', 'create') === true;
  const canEdit = useAllows('users', 'edit') === true;
  const canDelete = useAllows('users', 'delete') === true;
  const [adding, setAdding] = useState<{ login?: string; name?: string } | null>(null);
  const [acting, setActing] = useState<MembershipTarget | null>(null);
  const total = query.data?.total;
  const people = query.data?.data ?? [];
  const id = system ? 'system-users' : 'learners';
  const emptyMessage = search ? t('users:search_empty', { search }) : role ? t('users:people.empty_role') : system ? t('users:people.empty_system') : t('users:people.empty_learners');

  return (
    <Box data-testid={`${id}-page`}>
      <PageHeader
        title={system ? t('users:people.system_title') : t('users:people.learners_title')}
        subtitle={total !== undefined ? t('users:people.total', { count: total, n: n(total) }) : system ? t('users:people.system_hint') : t('users:people.learners_hint')}
        actions={
          system && canCreate ? (
            <Button variant="contained" startIcon={<PersonAddAltOutlinedIcon />} onClick={() => setAdding({})} data-testid="add-person">
              {t('users:add.open')}
            </Button>
          ) : undefined
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <SearchField id={`${id}-search`} label={t('users:people.search')} search={search} onSearch={setSearch} />
        {system && (
          <Box sx={{ width: { xs: '100%', sm: 260 }, flexShrink: 0, display: 'grid' }}>
            <FilterSelect
              id="people-role"
              label={t('users:people.role_filter')}
              value={roles.data?.some((r) => r.slug === role) ? role : ''}
              allLabel={t('users:people.all_roles')}
              options={(roles.data ?? []).map((r) => ({ value: r.slug, label: roleName(r, lang) }))}
              onChange={setRole}
              minWidth={0}
              testId="people-role-filter"
            />
          </Box>
        )}
      </Stack>
      <ListCard list={query} page={page} onPage={setPage} rowHeight={64} emptyIcon={<PeopleOutlineIcon />} emptyMessage={emptyMessage}>
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} data-testid={`${id}-list`}>
          {people.map((p) => (
            <PersonRow
              key={p.id}
              person={p}
              type={type}
              onChange={system && canEdit && p.roles.length ? () => setActing({ person: p, action: 'change' }) : undefined}
              onRemove={system && canDelete && p.roles.length ? () => setActing({ person: p, action: 'remove' }) : undefined}
              onGive={!system && canCreate && loginOf(p) ? () => setAdding({ login: loginOf(p), name: localName(p, lang) }) : undefined}
            />
          ))}
        </Stack>
      </ListCard>
      <AddPersonDialog open={!!adding} login={adding?.login} personName={adding?.name} onClose={() => setAdding(null)} />
      <MembershipDialog target={acting} onClose={() => setActing(null)} />
    </Box>
  );
}

export function PersonRow({ person: p, type, onChange, onRemove, onGive }: { person: Person; type: PeopleType; onChange?: () => void; onRemove?: () => void; onGive?: () => void }) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const name = localName(p, lang) || loginOf(p) || `#${p.id}`;
  const contacts = [p.email, p.phone].filter(Boolean).join(' · ');
  const to = type === 'system' ? systemUserPath(p.id) : learnerPath(p.id);
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ p: { xs: 1.5, sm: 2 }, alignItems: 'center', borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
      data-testid="person-row"
      data-person-id={p.id}
    >
      <Avatar src={p.photo ?? undefined} sx={{ width: 40, height: 40, bgcolor: 'primary.main', display: { xs: 'none', sm: 'flex' } }} aria-hidden>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Link component={RouterLink} to={to} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="person-link" data-user-content>
          {name}
        </Link>
        {contacts && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="person-contacts" data-user-content>
            {contacts}
          </Typography>
        )}
        {type === 'system' ? (
          <Box sx={{ mt: 0.5 }}>
            <RoleChips roles={p.roles} />
          </Box>
        ) : (
          p.created_at && (
            <Typography variant="body2" color="text.secondary">
              {t('users:people.joined', { date: formatDay(p.created_at, lang) })}
            </Typography>
          )
        )}
      </Box>
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        {onChange && (
          <Tooltip title={t('users:membership.change')}>
            <IconButton onClick={onChange} aria-label={`${t('users:membership.change')}: ${name}`} data-testid="person-change-role">
              <SwapHorizIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {onRemove && (
          <Tooltip title={t('users:membership.remove')}>
            <IconButton onClick={onRemove} aria-label={`${t('users:membership.remove')}: ${name}`} data-testid="person-remove">
              <PersonRemoveOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {onGive && (
          <Tooltip title={t('users:learner.give_role')}>
            <IconButton onClick={onGive} aria-label={`${t('users:learner.give_role')}: ${name}`} data-testid="person-give-role">
              <AdminPanelSettingsOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    </Stack>
  );
}
