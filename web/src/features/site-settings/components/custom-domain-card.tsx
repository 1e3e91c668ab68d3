import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Link,
  Skeleton,
  Stack,
  TextField,
  Typography,
  type ChipProps,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDate } from '../../../lib/lang';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { addDomain, fetchDomains, removeDomain, verifyDomain, type Domain, type DomainState } from '../api/custom-domain-api';
import { checkDomain } from '../hooks/domain-name';
import { DomainRecordsTable } from './domain-records-table';

const DOMAINS_KEY = ['site', 'domains'] as const;

const CHIP: Record<DomainState, { color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  pending: { color: 'warning', variant: 'outlined' },
  verified: { color: 'success', variant: 'filled' },
  disabled: { color: 'error', variant: 'outlined' },
};

/** "Custom domain" card of the site profile: add a domain, show its DNS records, check and remove it. */
export function CustomDomainCard() {
  const { t } = useTranslation('settings');
  const query = useQuery({ queryKey: DOMAINS_KEY, queryFn: fetchDomains });
  const domains = query.data ?? [];

  return (
    <Card data-testid="custom-domain-card">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('domains.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('domains.intro')}
        </Typography>
        <AddDomainForm />
        <Box sx={{ mt: 3 }}>
          {query.isLoading ? (
            <Skeleton variant="rounded" height={180} />
          ) : query.isError ? (
            <ErrorState error={query.error} onRetry={() => query.refetch()} />
          ) : domains.length === 0 ? (
            <Box sx={{ border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2 }}>
              <EmptyState icon={<LanguageOutlinedIcon />} message={t('domains.empty')} />
            </Box>
          ) : (
            <Stack spacing={2}>
              {domains.map((d) => (
                <DomainItem key={d.id} domain={d} />
              ))}
            </Stack>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function AddDomainForm() {
  const { t } = useTranslation('settings');
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const add = useMutation({
    mutationFn: addDomain,
    onSuccess: (created) => {
      qc.setQueryData<Domain[]>(DOMAINS_KEY, (old) => [...(old ?? []).filter((d) => d.id !== created.id), created]);
      void qc.invalidateQueries({ queryKey: DOMAINS_KEY });
      setValue('');
      setTouched(false);
      toast.show(t('domains.added', { domain: created.domain }));
    },
  });

  const problem = checkDomain(value);
  const clientError = touched && problem ? t(`domains.invalid.${problem}`) : null;
  const serverError = fieldErrorsOf(add.error).domain ?? null;
  const otherError = add.error && !serverError ? errorText(add.error) : null;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!problem && !add.isPending) add.mutate(value.trim());
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <TextField
          id="custom_domain"
          label={t('domains.field')}
          placeholder="learn.dhakacollege.edu.bd"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            if (add.error) add.reset();
          }}
          onBlur={() => value && setTouched(true)}
          error={!!clientError || !!serverError}
          helperText={clientError ?? serverError ?? t('domains.field_hint')}
          fullWidth
          size="small"
          slotProps={{
            htmlInput: {
              inputMode: 'url',
              autoCapitalize: 'none',
              autoCorrect: 'off',
              spellCheck: false,
              'data-testid': 'domain-input',
              style: { fontFamily: 'monospace' },
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={add.isPending ? <CircularProgress size={16} color="inherit" /> : <AddIcon />}
          disabled={add.isPending}
          data-testid="add-domain"
          sx={{ flexShrink: 0, whiteSpace: 'nowrap', height: 40 }}
        >
          {add.isPending ? t('domains.adding') : t('domains.add')}
        </Button>
      </Stack>
      {otherError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {otherError}
        </Alert>
      )}
    </Box>
  );
}

function DomainItem({ domain: d }: { domain: Domain }) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [confirm, setConfirm] = useState(false);

  const replace = (next: Domain) => qc.setQueryData<Domain[]>(DOMAINS_KEY, (old) => (old ?? []).map((x) => (x.id === next.id ? next : x)));

  const verify = useMutation({
    mutationFn: () => verifyDomain(d.id),
    onSuccess: (next) => {
      replace(next);
      if (next.state === 'verified') {
        toast.show(next.certificate ? t('settings:domains.verify_ok', { domain: next.domain }) : t('settings:domains.verify_ok_cert', { domain: next.domain }));
      } else {
        toast.show(next.last_error ?? t('settings:domains.verify_not_yet'), {
          severity: 'warning',
          title: next.state === 'disabled' ? t('settings:domains.verify_disabled_title') : t('settings:domains.verify_pending_title'),
          duration: 6000,
        });
      }
    },
    onError: (err) => toast.show(errorText(err), { severity: 'error' }),
  });

  const remove = useMutation({
    mutationFn: () => removeDomain(d.id),
    onSuccess: () => {
      setConfirm(false);
      qc.setQueryData<Domain[]>(DOMAINS_KEY, (old) => (old ?? []).filter((x) => x.id !== d.id));
      void qc.invalidateQueries({ queryKey: DOMAINS_KEY });
      toast.show(t('settings:domains.removed', { domain: d.domain }));
    },
    onError: (err) => {
      setConfirm(false);
      toast.show(errorText(err), { severity: 'error' });
    },
  });

  const chip = CHIP[d.state] ?? { color: 'default', variant: 'outlined' };
  const lastChecked = formatDate(d.last_checked_at, i18n.language);
  const expires = d.certificate ? formatDate(d.certificate.not_after, i18n.language) : '';

  return (
    <Box data-testid="domain-item" data-state={d.state} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
          {d.state === 'verified' ? (
            <Link href={`https://${d.domain}`} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, wordBreak: 'break-all' }} data-testid="domain-name">
              {d.domain} <OpenInNewIcon sx={{ fontSize: 16 }} />
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }} data-testid="domain-name">
              {d.domain}
            </Typography>
          )}
        </Box>
        <Chip size="small" color={chip.color} variant={chip.variant} label={t(`settings:domains.state.${d.state}`, { defaultValue: d.state })} data-testid="domain-state" data-state={d.state} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t(`settings:domains.state_help.${d.state}`, { defaultValue: '' })}
      </Typography>

      {d.state !== 'verified' && (
        <Typography variant="body2" sx={{ mt: 2, mb: 1 }}>
          {t('settings:domains.records_hint')}
        </Typography>
      )}
      <Box sx={{ mt: d.state === 'verified' ? 2 : 0 }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>
          {t('settings:domains.records_title')}
        </Typography>
        <DomainRecordsTable domain={d} />
      </Box>

      <Stack spacing={0.5} sx={{ mt: 2 }}>
        <Typography variant="body2" color="text.secondary" data-testid="domain-last-checked">
          {lastChecked ? t('settings:domains.last_checked', { time: lastChecked }) : t('settings:domains.never_checked')}
        </Typography>
        {expires && (
          <Typography variant="body2" color="text.secondary" data-testid="domain-certificate">
            {t('settings:domains.certificate', { date: expires })}
          </Typography>
        )}
      </Stack>
      {d.last_error && (
        <Alert severity={d.state === 'verified' ? 'info' : 'warning'} sx={{ mt: 1.5, wordBreak: 'break-word' }} data-testid="domain-last-error">
          {t('settings:domains.last_error', { error: d.last_error })}
        </Alert>
      )}

      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirm(true)} disabled={remove.isPending} data-testid="remove-domain">
          {t('settings:domains.remove')}
        </Button>
        <Button
          variant="outlined"
          startIcon={verify.isPending ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
          onClick={() => verify.mutate()}
          disabled={verify.isPending}
          aria-busy={verify.isPending}
          data-testid="verify-domain"
        >
          {verify.isPending ? t('settings:domains.checking') : t('settings:domains.check')}
        </Button>
      </Stack>

      <ConfirmDialog
        open={confirm}
        title={t('settings:domains.remove_title')}
        body={t('settings:domains.remove_body', { domain: d.domain })}
        confirmLabel={t('settings:domains.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => !remove.isPending && setConfirm(false)}
      />
    </Box>
  );
}
