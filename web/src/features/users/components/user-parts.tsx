// Pieces the user management pages share: a way back, a role's
// name in the interface's language, the roles' chips, the refusals of the API in the pages' words,
// and the not-found state.
import { Box, Button, Chip, Stack, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApiError } from '../../../lib/api-client';
import { localName } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { USERS_BASE, type PersonRole } from '../api/users-api';

export const SYSTEM_USERS = `${USERS_BASE}/system-user`;
export const LEARNERS = `${USERS_BASE}/learner`;
export const ROLES = `${USERS_BASE}/manage-role`;
export const ACTIVITY = `${USERS_BASE}/activity-logs`;
export const systemUserPath = (id: number) => `${USERS_BASE}/system-user-edit/${id}`;
export const learnerPath = (id: number) => `${USERS_BASE}/learner-edit/${id}`;
export const roleViewPath = (slug: string) => `${ROLES}/view/${encodeURIComponent(slug)}`;
export const roleEditPath = (slug: string | null) => `${ROLES}/edit/${slug === null ? 'new' : encodeURIComponent(slug)}`;
export const activityPath = (user: number) => `${ACTIVITY}/${user}`;

/** Names of roles, people and institutions as long as the server allows (docs/api-users.md). */
export const NAME_MAX = 80;
export const LOGIN_MAX = 120;

/** Dialogs fill a phone's screen. */
export function useFullScreen() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

/** A role's name in the interface's language (the other language's, then its slug, when it has none). */
export function roleName(role: { slug: string; name?: string | null; name_bn?: string | null }, lang: string): string {
  return localName(role, lang) || role.slug;
}

/** A number in the interface's digits. */
export function useNumber() {
  const { i18n } = useTranslation();
  return (n: number) => formatNumber(Number(n) || 0, i18n.language);
}


/** "Back to …": a page's way back to its list. */
export function BackLink({ to, label, testId = 'users-back' }: { to: string; label: string; testId?: string }) {
  return (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1.5 }} data-testid={testId}>
      {label}
    </Button>
  );
}

/** A person's roles on the site, as chips. */
export function RoleChips({ roles }: { roles: readonly PersonRole[] }) {
  const { t, i18n } = useTranslation('users');
  if (!roles.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('users:people.roles_label')} data-testid="person-roles">
      {roles.map((r) => (
        <Chip key={r.id} size="small" variant="outlined" color="primary" label={roleName(r, i18n.language)} data-testid="person-role" data-slug={r.slug} />
      ))}
    </Stack>
  );
}

/**
 * An error of the user management calls in the interface's words (errors:<code>, as the app words
 * every refusal); `role_in_use` says how many people hold the role when the page knows (`count`).
 */
export function useUsersErrorText() {
  const { t, i18n } = useTranslation('users');
  const errorText = useErrorText();
  return (err: unknown, count?: number): string => {
    if (count && err instanceof ApiError && err.code === 'role_in_use') return t('users:role_in_use', { count, n: formatNumber(count, i18n.language) });
    return errorText(err);
  };
}

/** There is no such person or role on this site (a 404), with the way back to the list. */
export function NotOnSite({ message, back, backLabel }: { message: string; back: string; backLabel: string }) {
  return (
    <Box data-testid="users-not-found">
      <EmptyState
        icon={<SearchOffOutlinedIcon />}
        message={message}
        action={
          <Button component={RouterLink} to={back} variant="outlined" data-testid="users-not-found-back">
            {backLabel}
          </Button>
        }
      />
    </Box>
  );
}
