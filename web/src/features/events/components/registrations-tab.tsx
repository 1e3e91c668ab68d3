// The registrations tab of /events/edit/:id: everyone who registered, searched by name and
// filtered by status, a page at a time; a manager approves, rejects or removes each (a removal
// after a confirmation).
import { Box, Button, Chip, Divider, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FilterSelect } from '../../../components/ui/filter-select';
import { ListCard } from '../../../components/ui/list-card';
import { useToast } from '../../../components/ui/toast-provider';
import { useErrorText } from '../../../lib/use-error-text';
import { REGISTRATION_STATUSES, type EventItem, type Registration, type RegistrationStatus } from '../api/events-api';
import { formatInstant } from '../hooks/event-format';
import { useDecideRegistration, useRegistrations, useRemoveRegistration } from '../hooks/use-events';

const SEARCH_DELAY_MS = 350;

export function RegistrationStatusChip({ status }: { status: RegistrationStatus }) {
  const { t } = useTranslation('events');
  const color = status === 'approved' ? 'success' : status === 'pending' ? 'info' : 'default';
  return <Chip size="small" color={color} variant={status === 'rejected' ? 'outlined' : 'filled'} label={t(`registrations.statuses.${status}`)} data-testid="registration-status" data-status={status} />;
}

export function RegistrationsTab({ event }: { event: EventItem }) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const lang = i18n.language;
  const toast = useToast();
  const errorText = useErrorText();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<RegistrationStatus | ''>(event.pending > 0 ? 'pending' : '');
  const [page, setPage] = useState(1);
  const list = useRegistrations(event.id, { page, search, status });
  const decide = useDecideRegistration(event.id);
  const remove = useRemoveRegistration(event.id);
  const [removing, setRemoving] = useState<Registration | null>(null);

  useEffect(() => {
    if (typed.trim() === search) return;
    const id = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [typed, search]);

  const onDecide = (r: Registration, to: 'approved' | 'rejected') =>
    decide.mutate(
      { id: r.id, status: to },
      {
        onSuccess: () => toast.show(t(`events:registrations.${to}`, { name: r.name })),
        onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
      },
    );
  const onRemove = () => {
    if (!removing) return;
    const r = removing;
    remove.mutate(r.id, {
      onSuccess: () => toast.show(t('events:registrations.removed', { name: r.name })),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: () => setRemoving(null),
    });
  };

  const rows = list.data?.data ?? [];
  const filtered = !!(search || status);
  const busyId = decide.isPending ? decide.variables?.id : remove.isPending ? remove.variables : undefined;

  return (
    <Box data-testid="registrations-tab">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <TextField
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('events:registrations.search')}
          fullWidth
          sx={{ maxWidth: { sm: 320 }, bgcolor: 'background.paper' }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { 'aria-label': t('events:registrations.search'), type: 'search' } }}
          data-testid="registrations-search"
        />
        <FilterSelect
          id="registrations-status"
          label={t('events:registrations.status')}
          value={status}
          allLabel={t('events:registrations.all')}
          options={REGISTRATION_STATUSES.map((s) => ({ value: s, label: t(`events:registrations.statuses.${s}`) }))}
          onChange={(v) => {
            setStatus(v as RegistrationStatus | '');
            setPage(1);
          }}
          minWidth={200}
          testId="registrations-status"
        />
      </Stack>
      <ListCard
        list={list}
        page={page}
        onPage={setPage}
        rowHeight={64}
        emptyIcon={<PeopleOutlineIcon />}
        emptyMessage={filtered ? t('events:registrations.empty_filtered') : t('events:registrations.empty')}
        keepPageOnError
      >
        <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((r) => (
            <Stack
              component="li"
              key={r.id}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1.5}
              sx={{ p: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
              data-testid="registration-row"
              data-registration-id={r.id}
              data-status={r.status}
            >
              <Box sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-user-content>
                    {r.name}
                  </Typography>
                  <RegistrationStatusChip status={r.status} />
                </Stack>
                {(r.email || r.phone) && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
                    {[r.email, r.phone].filter(Boolean).join(' · ')}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" component="p">
                  {t('events:registrations.registered_at', { time: formatInstant(r.created_at, lang) })}
                  {' · '}
                  {r.checked_in_at ? t('events:registrations.checked_in_at', { time: formatInstant(r.checked_in_at, lang) }) : t('events:registrations.not_checked_in')}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
                {r.status !== 'approved' && (
                  <Button size="small" variant="contained" color="success" disabled={busyId === r.id} onClick={() => onDecide(r, 'approved')} aria-label={`${t('events:registrations.approve')}: ${r.name}`} data-testid="approve-registration">
                    {t('events:registrations.approve')}
                  </Button>
                )}
                {r.status !== 'rejected' && (
                  <Button size="small" variant="outlined" color="warning" disabled={busyId === r.id} onClick={() => onDecide(r, 'rejected')} aria-label={`${t('events:registrations.reject')}: ${r.name}`} data-testid="reject-registration">
                    {t('events:registrations.reject')}
                  </Button>
                )}
                <Button size="small" color="error" disabled={busyId === r.id} onClick={() => setRemoving(r)} aria-label={`${t('events:registrations.remove')}: ${r.name}`} data-testid="remove-registration">
                  {t('events:registrations.remove')}
                </Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
      </ListCard>
      <ConfirmDialog
        open={!!removing}
        title={removing ? t('events:registrations.remove_title', { name: removing.name }) : ''}
        body={t('events:registrations.remove_body')}
        confirmLabel={t('events:registrations.remove')}
        danger
        busy={remove.isPending}
        onConfirm={onRemove}
        onClose={() => !remove.isPending && setRemoving(null)}
      />
    </Box>
  );
}
