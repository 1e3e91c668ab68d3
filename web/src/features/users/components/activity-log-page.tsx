// /user-management/activity-logs: the site's activity log, newest first, searched (?search=) and a
// page at a time; /user-management/activity-logs/:id one person's. Each entry: when, who (opening
// their log), in which role, what (the module and action of the call, or an open call), the method
// and path with what it sent, what it changed (each row before → after), the answer's status and
// the address it came from. A table on wide screens, a card per entry on phones.
import { Box, Chip, Link, Table, TableBody, TableCell, TableContainer, TableRow, Typography, type ChipProps } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ColumnsHead } from '../../../components/ui/columns-head';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDate, formatNumber } from '../../../lib/lang';
import type { Page } from '../../../lib/types';
import { useRoleLabel } from '../../../lib/use-role-label';
import type { ActivityLog } from '../api/users-api';
import { useActivity, useUserActivity } from '../hooks/use-users';
import { usePermissionLabels } from './permission-grid';
import { ACTIVITY, activityPath, BackLink, useNumber } from './user-parts';
import { SearchField } from '../../../components/ui/search-field';

export default function ActivityLogPage({ user }: { user?: number }) {
  return user === undefined ? <SiteActivity /> : <UserActivity user={user} />;
}

function SiteActivity() {
  const { t } = useTranslation(['users', 'common']);
  const n = useNumber();
  const { query, search, setSearch, page, setPage } = useActivity();
  const total = query.data?.total;
  return (
    <Box data-testid="activity-page" sx={{ minWidth: 0 }}>
      <PageHeader title={t('users:activity.title')} subtitle={total !== undefined ? t('users:activity.total', { count: total, n: n(total) }) : t('users:activity.hint')} />
      <Box sx={{ mb: 2, display: 'flex' }}>
        <SearchField id="activity-search" label={t('users:activity.search')} search={search} onSearch={setSearch} />
      </Box>
      <ActivityList query={query} page={page} onPage={setPage} empty={search ? t('users:search_empty', { search }) : t('users:activity.empty')} />
    </Box>
  );
}

function UserActivity({ user }: { user: number }) {
  const { t } = useTranslation(['users', 'common']);
  const n = useNumber();
  const { query, page, setPage } = useUserActivity(user);
  const total = query.data?.total;
  const name = query.data?.data.find((e) => e.user_name)?.user_name;
  return (
    <Box data-testid="user-activity-page" data-user-id={user} sx={{ minWidth: 0 }}>
      <BackLink to={ACTIVITY} label={t('users:activity.back')} />
      <PageHeader
        title={name ? t('users:activity.user_title', { name }) : t('users:activity.user_title_id', { id: n(user) })}
        subtitle={total !== undefined ? t('users:activity.total', { count: total, n: n(total) }) : undefined}
      />
      <ActivityList query={query} page={page} onPage={setPage} empty={t('users:activity.empty_user')} hidePerson />
    </Box>
  );
}

type ActivityQuery = UseQueryResult<Page<ActivityLog>, unknown>;

interface Column {
  key: string;
  label: string;
  render: (e: ActivityLog) => ReactNode;
  nowrap?: boolean;
}

/** What the write sent (the server keeps its fields short, secrets hidden), one line under the call. */
export function SentSummary({ details }: { details: ActivityLog['details'] }) {
  const sent = details?.sent;
  if (!sent || typeof sent !== 'object' || Array.isArray(sent)) return null;
  const text = Object.entries(sent as Record<string, unknown>)
    .map(([field, value]) => `${field}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
  if (!text) return null;
  return (
    <Box component="span" data-user-content sx={{ display: 'block', mt: 0.5, color: 'text.secondary', fontFamily: 'inherit' }} data-testid="activity-sent">
      {text}
    </Box>
  );
}

/** One row a write changed, as the server summarised it (`details.changes`). */
interface Change {
  table: string;
  op: 'insert' | 'update' | 'delete';
  id?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const shown = (value: unknown) => (value === null || value === undefined ? '∅' : typeof value === 'string' ? value : JSON.stringify(value));

/** The fields that name a row added or removed, when it has them. */
const NAMING = ['name', 'title', 'title_bn', 'slug', 'email', 'role'];

/** What the write changed, a row a line: which row, and for an update each field before → after. */
export function ChangesSummary({ details }: { details: ActivityLog['details'] }) {
  const { t, i18n } = useTranslation('users');
  const changes = Array.isArray(details?.changes) ? (details.changes as Change[]) : [];
  if (changes.length === 0) return null;
  const changed = typeof details.changed === 'number' ? details.changed : changes.length;
  const line = (c: Change) => {
    const id = c.id ? `#${c.id}` : '';
    const head = t(`users:activity.changes.${c.op}`, { table: c.table, id });
    const fields =
      c.op === 'update'
        ? Object.entries(c.before ?? {}).map(([field, before]) => `${field}: ${shown(before)} → ${shown(c.after?.[field])}`)
        : Object.entries((c.op === 'insert' ? c.after : c.before) ?? {})
            .filter(([field]) => NAMING.includes(field))
            .map(([field, value]) => `${field}: ${shown(value)}`);
    return fields.length ? `${head}: ${fields.join(' · ')}` : head;
  };
  const more = changed - changes.length;
  return (
    <Box component="ul" data-user-content data-testid="activity-changes" sx={{ listStyle: 'none', p: 0, m: 0, typography: 'body2' }}>
      {changes.map((c, i) => (
        <Box component="li" key={i} data-testid="activity-change" sx={{ overflowWrap: 'anywhere' }}>
          {line(c)}
        </Box>
      ))}
      {more > 0 && (
        <Box component="li" sx={{ color: 'text.secondary' }}>
          {t('users:activity.changes.more', { count: more, n: formatNumber(more, i18n.language) })}
        </Box>
      )}
    </Box>
  );
}

/** The entry's status as a chip: green for success, amber for a refusal, red for a failure. */
function StatusChip({ status }: { status: number }) {
  const { i18n } = useTranslation();
  const color: ChipProps['color'] = status >= 500 ? 'error' : status >= 400 ? 'warning' : 'success';
  return <Chip size="small" variant="outlined" color={color} label={formatNumber(status, i18n.language).replace(/[,،]/g, '')} data-testid="activity-status" />;
}

function useColumns(hidePerson: boolean): Column[] {
  const { t, i18n } = useTranslation(['users', 'common']);
  const lang = i18n.language;
  const labels = usePermissionLabels();
  const roleLabel = useRoleLabel();
  const columns: (Column | null)[] = [
    { key: 'time', label: t('users:activity.columns.time'), render: (e) => formatDate(e.created_at, lang), nowrap: true },
    hidePerson
      ? null
      : {
          key: 'person',
          label: t('users:activity.columns.person'),
          render: (e) =>
            e.user_id ? (
              <Link component={RouterLink} to={activityPath(e.user_id)} data-testid="activity-person" data-user-content>
                {e.user_name || `#${formatNumber(e.user_id, lang)}`}
              </Link>
            ) : (
              t('users:activity.nobody')
            ),
        },
    { key: 'role', label: t('users:activity.columns.role'), render: (e) => (e.role ? roleLabel(e.role) : t('users:activity.learner_view')) },
    {
      key: 'what',
      label: t('users:activity.columns.what'),
      render: (e) =>
        e.module ? (
          <Box component="span" title={`${e.module}.${e.action ?? ''}`} data-testid="activity-what">
            {labels.module(e.module)}
            {e.action ? ` · ${labels.action(e.action)}` : ''}
          </Box>
        ) : (
          <Box component="span" data-testid="activity-what">
            {t('users:activity.open_call')}
          </Box>
        ),
    },
    {
      key: 'request',
      label: t('users:activity.columns.request'),
      render: (e) => (
        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' }} data-testid="activity-request">
          <Box component="span" sx={{ fontWeight: 700 }}>
            {e.method}
          </Box>{' '}
          {e.path}
          <SentSummary details={e.details} />
        </Box>
      ),
    },
    { key: 'changes', label: t('users:activity.columns.changes'), render: (e) => <ChangesSummary details={e.details} /> },
    { key: 'status', label: t('users:activity.columns.status'), render: (e) => <StatusChip status={e.status} /> },
    {
      key: 'ip',
      label: t('users:activity.columns.ip'),
      render: (e) => (
        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
          {e.ip || t('users:none')}
        </Box>
      ),
      nowrap: true,
    },
  ];
  return columns.filter((c): c is Column => c !== null);
}

function ActivityList({ query, page, onPage, empty, hidePerson = false }: { query: ActivityQuery; page: number; onPage: (p: number) => void; empty: string; hidePerson?: boolean }) {
  const columns = useColumns(hidePerson);
  const entries = query.data?.data ?? [];
  const [first, ...rest] = columns;
  const dim = { opacity: query.isPlaceholderData ? 0.6 : 1 };
  return (
    <ListCard
      list={query}
      page={page}
      onPage={onPage}
      rowHeight={52}
      emptyIcon={<HistoryIcon />}
      emptyMessage={empty}
      table={
        <TableContainer sx={dim}>
          <Table size="small" data-testid="activity-table">
            <ColumnsHead columns={columns} />
            <TableBody>
              {entries.map((e) => (
                <TableRow key={e.id} hover data-testid="activity-row">
                  {columns.map((c) => (
                    <TableCell key={c.key} sx={c.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
                      {c.render(e)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      }
      cards={
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, ...dim }} data-testid="activity-cards">
          {entries.map((e) => (
            <Box component="li" key={e.id} data-testid="activity-row" sx={{ p: 2, minWidth: 0, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
                {first.render(e)}
              </Typography>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 1.5, rowGap: 0.75, m: 0 }}>
                {rest.map((c) => (
                  <Box key={c.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {c.label}
                    </Typography>
                    <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
                      {c.render(e)}
                    </Box>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      }
    />
  );
}
