// A person's role on the site changed for another ("Change role") or taken away ("Remove"). Someone
// holding more than one role picks which; the dialog stays open on a refusal and says why: the main
// site's last super admin (409 `last_super_admin`), one's own role (403 `own_role`).
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { localName } from '../../../lib/course-text';
import { useSite } from '../../../lib/site-context';
import { siteService, type Person, type PersonRole, type SiteRole } from '../api/users-api';
import { changeRoleMutation, removeMembershipMutation, useAllRoles } from '../hooks/use-users';
import { roleName, useFullScreen, useUsersErrorText } from './user-parts';

export type MembershipAction = 'change' | 'remove';

export interface MembershipTarget {
  person: Person;
  action: MembershipAction;
  /** The membership acted on; by default the person's first. */
  membership?: number;
}

const TITLE_ID = 'membership-title';

export function MembershipDialog({ target, onClose }: { target: MembershipTarget | null; onClose: () => void }) {
  const fullScreen = useFullScreen();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={!!target} onClose={() => !busy && onClose()} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="membership-dialog">
      {target && <MembershipEditor key={`${target.person.id}-${target.action}-${target.membership ?? 0}`} target={target} onClose={onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

function MembershipEditor({ target, onClose, onBusy }: { target: MembershipTarget; onClose: () => void; onBusy: (busy: boolean) => void }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const { site } = useSite();
  const errorText = useUsersErrorText();
  const { person, action } = target;
  const roles = useAllRoles(action === 'change');
  const [membership, setMembership] = useState<number>(target.membership ?? person.roles[0]?.id ?? 0);
  const current = person.roles.find((r) => r.id === membership) ?? null;
  const [role, setRole] = useState('');
  const change = useMutation(changeRoleMutation(qc));
  const remove = useMutation(removeMembershipMutation(qc, siteService(site)));
  const pending = change.isPending || remove.isPending;
  const error = action === 'change' ? change.error : remove.error;
  const name = localName(person, lang) || person.email || person.phone || '';
  const choices = (roles.data ?? []).filter((r) => r.slug !== current?.slug);

  const onConfirm = () => {
    if (!current || pending) return;
    onBusy(true);
    const done = { onSettled: () => onBusy(false) };
    if (action === 'change') {
      const picked = choices.find((r) => r.slug === role);
      if (!picked) {
        onBusy(false);
        return;
      }
      change.mutate(
        { membership: current.id, role: picked.slug },
        {
          ...done,
          onSuccess: () => {
            toast.show(t('users:membership.changed', { name, role: roleName(picked, lang) }));
            onClose();
          },
        },
      );
    } else {
      remove.mutate(
        { membership: current.id },
        {
          ...done,
          onSuccess: () => {
            toast.show(t('users:membership.removed', { name, role: roleName(current, lang) }));
            onClose();
          },
        },
      );
    }
  };

  return (
    <MembershipForm
      action={action}
      name={name}
      memberships={person.roles}
      membership={membership}
      onMembership={(id) => {
        setMembership(id);
        setRole('');
      }}
      choices={action === 'change' ? choices : undefined}
      rolesLoading={action === 'change' && roles.isLoading}
      role={role}
      onRole={setRole}
      error={error ? errorText(error) : null}
      busy={pending}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}

export interface MembershipFormProps {
  action: MembershipAction;
  /** The person's name. */
  name: string;
  memberships: readonly PersonRole[];
  membership: number;
  onMembership: (id: number) => void;
  /** The roles to change to (the current one left out); for "change" only. */
  choices?: readonly SiteRole[];
  rolesLoading?: boolean;
  role: string;
  onRole: (slug: string) => void;
  /** The server's refusal, in words. */
  error: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function MembershipForm({ action, name, memberships, membership, onMembership, choices, rolesLoading, role, onRole, error, busy, onConfirm, onCancel }: MembershipFormProps) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const lang = i18n.language;
  const current = memberships.find((m) => m.id === membership);
  const change = action === 'change';
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm();
      }}
      data-testid="membership-form"
      data-action={action}
    >
      <DialogTitle id={TITLE_ID}>{change ? t('users:membership.change_title', { name }) : t('users:membership.remove_title', { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {memberships.length > 1 ? (
            <TextField
              select
              id="membership-which"
              label={change ? t('users:membership.which_change') : t('users:membership.which_remove')}
              value={membership}
              onChange={(e) => onMembership(Number(e.target.value))}
              disabled={busy}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
              data-testid="membership-which"
            >
              {memberships.map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {roleName(m, lang)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            current && (
              <DialogContentText data-testid="membership-current">
                {t('users:membership.current', { role: roleName(current, lang) })}
              </DialogContentText>
            )
          )}
          {change ? (
            <TextField
              select
              id="membership-role"
              label={t('users:membership.new_role')}
              value={choices?.some((r) => r.slug === role) ? role : ''}
              onChange={(e) => onRole(e.target.value)}
              disabled={busy || !choices?.length}
              required
              fullWidth
              helperText={rolesLoading ? t('users:add.roles_loading') : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
              data-testid="membership-role"
            >
              {(choices ?? []).map((r) => (
                <MenuItem key={r.slug} value={r.slug}>
                  {roleName(r, lang)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <DialogContentText>{t('users:membership.remove_body', { name, role: current ? roleName(current, lang) : '' })}</DialogContentText>
          )}
          {error && (
            <Alert severity="error" data-testid="membership-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={change ? 'primary' : 'error'}
          disabled={busy || (change && !choices?.some((r) => r.slug === role))}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="membership-confirm"
        >
          {change ? t('users:membership.change') : t('users:membership.remove')}
        </Button>
      </DialogActions>
    </Stack>
  );
}
