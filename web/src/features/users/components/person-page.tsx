// /user-management/system-user-edit/:id and /user-management/learner-edit/:id: a person's details
// and their roles on this site, each changed for another or removed; "Give a role" gives them one
// more (the create call with their e-mail or phone). A link opens their activity on the site.
import { Avatar, Box, Button, Card, CardContent, Chip, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { ErrorState } from '../../../components/ui/error-state';
import { useAllows } from '../../../lib/access';
import { formatDay, localName, otherTitle } from '../../../lib/course-text';
import type { PeopleType, Person } from '../api/users-api';
import { isNotFound, usePerson } from '../hooks/use-users';
import { AddPersonDialog } from './add-person-dialog';
import { MembershipDialog, type MembershipTarget } from './membership-dialogs';
import { loginOf } from './people-page';
import { activityPath, BackLink, LEARNERS, NotOnSite, roleName, SYSTEM_USERS } from './user-parts';

export default function PersonPage({ id, type }: { id: number; type: PeopleType }) {
  const { t } = useTranslation(['users', 'common']);
  const person = usePerson(id);
  const system = type === 'system';
  const back = system ? SYSTEM_USERS : LEARNERS;
  const backLabel = system ? t('users:people.back_system') : t('users:people.back_learners');

  if (isNotFound(person.error)) return <NotOnSite message={t('users:people.not_found')} back={back} backLabel={backLabel} />;
  return (
    <Box data-testid={system ? 'system-user-page' : 'learner-page'} sx={{ minWidth: 0 }}>
      <BackLink to={back} label={backLabel} />
      {person.error ? (
        <ErrorState error={person.error} onRetry={() => void person.refetch()} />
      ) : !person.data ? (
        <Box data-testid="person-loading">
          <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={160} />
        </Box>
      ) : (
        <PersonDetails person={person.data} type={type} />
      )}
    </Box>
  );
}

export function PersonDetails({ person: p, type }: { person: Person; type: PeopleType }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const lang = i18n.language;
  const canCreate = useAllows('users', 'create') === true;
  const canEdit = useAllows('users', 'edit') === true;
  const canDelete = useAllows('users', 'delete') === true;
  const canActivity = useAllows('activity', 'view') === true;
  const [giving, setGiving] = useState(false);
  const [acting, setActing] = useState<MembershipTarget | null>(null);
  const name = localName(p, lang) || loginOf(p) || `#${p.id}`;
  const other = otherTitle({ title: p.name, title_bn: p.name_bn }, lang);
  const login = loginOf(p);

  const rows: [string, string | null][] = [
    [t('users:person.email'), p.email],
    [t('users:person.phone'), p.phone],
    [t('users:person.joined'), p.created_at ? formatDay(p.created_at, lang) : null],
  ];
  return (
    <>
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: { sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
          <Avatar src={p.photo ?? undefined} sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 28 }} aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="person-name" data-user-content>
              {name}
            </Typography>
            {other && other !== name && (
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
                {other}
              </Typography>
            )}
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)', columnGap: 2, rowGap: 0.5, m: 0, mt: 1, maxWidth: 520 }}>
              {rows.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-user-content>
                    {value || t('users:none')}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
          {canActivity && (
            <Button component={RouterLink} to={activityPath(p.id)} variant="outlined" startIcon={<HistoryIcon />} sx={{ flexShrink: 0 }} data-testid="person-activity">
              {t('users:person.activity')}
            </Button>
          )}
        </CardContent>
      </Card>

      <Box component="section" aria-labelledby="person-roles-title">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
          <Typography id="person-roles-title" variant="h6" component="h2">
            {t('users:person.roles_title')}
          </Typography>
          {canCreate && (
            <Button variant="contained" startIcon={<AdminPanelSettingsOutlinedIcon />} onClick={() => setGiving(true)} disabled={!login} data-testid="person-give-role">
              {t('users:learner.give_role')}
            </Button>
          )}
        </Stack>
        {canCreate && !login && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('users:person.no_login')}
          </Typography>
        )}
        <Card>
          {p.roles.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary" data-testid="person-no-roles">
              {type === 'learner' ? t('users:person.no_roles_learner') : t('users:person.no_roles')}
            </Typography>
          ) : (
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="person-role-list">
              {p.roles.map((r) => {
                const label = roleName(r, lang);
                return (
                  <Stack
                    component="li"
                    key={r.id}
                    direction="row"
                    spacing={1}
                    sx={{ px: 2, py: 1.25, alignItems: 'center', borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
                    data-testid="person-role-row"
                    data-slug={r.slug}
                    data-membership={r.id}
                  >
                    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                      <Chip color="primary" variant="outlined" label={label} />
                    </Box>
                    {canEdit && (
                      <Tooltip title={t('users:membership.change')}>
                        <IconButton onClick={() => setActing({ person: p, action: 'change', membership: r.id })} aria-label={`${t('users:membership.change')}: ${label}`} data-testid="person-change-role">
                          <SwapHorizIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {canDelete && (
                      <Tooltip title={t('users:membership.remove')}>
                        <IconButton onClick={() => setActing({ person: p, action: 'remove', membership: r.id })} aria-label={`${t('users:membership.remove')}: ${label}`} data-testid="person-remove">
                          <PersonRemoveOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Stack>
                );
              })}
            </Stack>
          )}
        </Card>
      </Box>
      <AddPersonDialog open={giving} login={login} personName={name} onClose={() => setGiving(false)} />
      <MembershipDialog target={acting} onClose={() => setActing(null)} />
    </>
  );
}
