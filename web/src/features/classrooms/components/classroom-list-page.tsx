// /classroom: "My classes", the classes the caller teaches or learns in, latest start first. Filtered
// by role (?role=teacher|student), searched by name (?search=) and a page at a time (?page=).
// Authors (the people who author courses) get "New class", which opens the class's form and then
// the new class. The site's admins also get "All classes of the site" (?manage=1: every class of
// the site instead of their own) and "Meeting settings" (the site's Jitsi, Convay, BigBlueButton
// and Zoom accounts).
import { Button, Card, FormControlLabel, InputAdornment, Stack, Switch, Tab, Tabs, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import CastForEducationOutlinedIcon from '@mui/icons-material/CastForEducationOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useFilterParams } from '../../../components/ui/filter-select';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { formatNumber } from '../../../lib/lang';
import { useCurrentUser } from '../../../lib/session';
import { ROLE_FILTERS, type RoleFilter } from '../api/classrooms-api';
import { isClassroomAuthor, isSiteAdmin, useClassroomList } from '../hooks/use-classrooms';
import { ClassroomCardGrid, ClassroomCardsLoading } from './classroom-card';
import { ClassroomDialog } from './classroom-dialog';
import { MeetingSettingsDialog } from './meeting-settings-dialog';

const SEARCH_DELAY_MS = 350;

/** `?role=`: teacher or student, else all. */
export function roleParam(value: string | null): RoleFilter {
  return (ROLE_FILTERS as readonly string[]).includes(value ?? '') ? (value as RoleFilter) : 'all';
}

export default function ClassroomListPage() {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const navigate = useNavigate();
  const { menuClass, user } = useCurrentUser();
  const author = isClassroomAuthor(menuClass);
  const admin = isSiteAdmin(menuClass, user?.currentrole?.role);
  const [params, setFilter] = useFilterParams();
  const [, setParams] = useSearchParams();
  // Every class of the site: its admins only (the others' ?manage=1 is ignored).
  const manage = admin && params.get('manage') === '1';
  const role = manage ? 'all' : roleParam(params.get('role'));
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const [page, setPage] = usePageParam();
  const [creating, setCreating] = useState(false);
  const [configuring, setConfiguring] = useState(false);
  const list = useClassroomList({ role, page, search, manage });
  useClampPageParam(list.data?.last_page);

  // Debounced search: typing updates ?search= and goes back to page 1.
  useEffect(() => {
    if (typed.trim() === search) return;
    const id = setTimeout(() => setFilter('search', typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [typed, search, setFilter]);

  const items = list.data?.data ?? [];
  const total = list.data?.total;
  const createButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="create-classroom">
      {t('classrooms:list.create')}
    </Button>
  );
  const filtered = !!search || role !== 'all';
  const empty = search ? t('classrooms:list.empty_search') : manage ? t('classrooms:list.empty_site') : t(`classrooms:list.empty.${role}`);
  const setManage = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('manage', '1');
    else next.delete('manage');
    next.delete('page');
    setParams(next);
  };
  const actions = (author || admin) && (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
      {admin && (
        <Button variant="outlined" startIcon={<SettingsOutlinedIcon />} onClick={() => setConfiguring(true)} data-testid="meeting-settings">
          {t('classrooms:meeting.open')}
        </Button>
      )}
      {author && createButton('contained')}
    </Stack>
  );

  return (
    <Stack data-testid="classroom-list-page" data-role={role} data-manage={manage ? 'true' : 'false'}>
      <PageHeader
        title={manage ? t('classrooms:list.site_title') : t('classrooms:list.title')}
        subtitle={total !== undefined ? t('classrooms:list.total', { count: total, n: formatNumber(total, lang) }) : manage ? t('classrooms:list.site_subtitle') : t('classrooms:list.subtitle')}
        actions={actions || undefined}
      />
      {admin && (
        <FormControlLabel
          control={<Switch checked={manage} onChange={(e) => setManage(e.target.checked)} slotProps={{ input: { id: 'classrooms-manage' } }} />}
          label={t('classrooms:list.site_toggle')}
          sx={{ mb: 1, alignSelf: 'flex-start' }}
          data-testid="classrooms-manage"
        />
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: manage ? 'flex-end' : 'space-between' }}>
        {!manage && (
          <Tabs
            value={role}
            onChange={(_, v: RoleFilter) => {
              const next = new URLSearchParams(params);
              if (v === 'all') next.delete('role');
              else next.set('role', v);
              next.delete('page');
              setParams(next);
            }}
            variant="scrollable"
            scrollButtons={false}
            aria-label={t('classrooms:list.role_label')}
            sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
          >
            {ROLE_FILTERS.map((r) => (
              <Tab key={r} value={r} label={t(`classrooms:list.roles.${r}`)} data-testid={`role-${r}`} />
            ))}
          </Tabs>
        )}
        <TextField
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('classrooms:list.search')}
          size="small"
          fullWidth
          sx={{ maxWidth: { md: 320 }, bgcolor: 'background.paper' }}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
            htmlInput: { 'aria-label': t('classrooms:list.search'), type: 'search' },
          }}
          data-testid="classrooms-search"
        />
      </Stack>
      {list.isLoading ? (
        <ClassroomCardsLoading />
      ) : list.error && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !items.length ? (
        <Card>
          <EmptyState icon={<CastForEducationOutlinedIcon />} message={empty} action={author && !filtered ? createButton('outlined') : undefined} />
        </Card>
      ) : (
        <ClassroomCardGrid items={items} dim={list.isPlaceholderData} />
      )}
      <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={setPage} />
      {author && <ClassroomDialog open={creating} classroom={null} onClose={() => setCreating(false)} onSaved={(saved) => navigate(`/classroom/details/${saved.id}`)} />}
      {admin && <MeetingSettingsDialog open={configuring} onClose={() => setConfiguring(false)} />}
    </Stack>
  );
}
