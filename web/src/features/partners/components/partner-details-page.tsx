import { Box, Button, Card, CardContent, Divider, Grid, Link, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlineOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import CheckIcon from '@mui/icons-material/Check';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CertificateHistory } from '../../../components/ui/certificate-history';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { institutionName, localName, otherInstitutionName } from '../../../lib/course-text';
import { formatDate } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { useApprove, useInstitution, useUpdateState } from '../hooks/use-partners';
import { ProvisioningProgress } from './provisioning-progress';
import { StateChip } from './state-chip';

export default function PartnerDetailsPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(['partners', 'common', 'settings']);
  const { data: inst, isLoading, error, refetch } = useInstitution(id);
  const update = useUpdateState();
  const approve = useApprove();
  const toast = useToast();
  const errorText = useErrorText();
  const [confirm, setConfirm] = useState<null | 'active' | 'suspended' | 'approve'>(null);

  const back = (
    <Button component={RouterLink} to="/partners/list" startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
      {t('partners:details.back')}
    </Button>
  );
  if (isLoading) {
    return (
      <Box>
        {back}
        <Skeleton variant="rounded" height={160} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={260} />
      </Box>
    );
  }
  if (error || !inst) {
    return (
      <Box>
        {back}
        {error instanceof ApiError && error.status === 404 ? (
          <Card>
            <EmptyState icon={<ApartmentOutlinedIcon />} message={t('partners:details.not_found')} />
          </Card>
        ) : (
          <ErrorState error={error} onRetry={() => refetch()} />
        )}
      </Box>
    );
  }

  const name = institutionName(inst, i18n.language);
  const other = otherInstitutionName(inst, i18n.language);
  const live = inst.state === 'approved' || inst.state === 'provisioning';
  const typeName = localName(inst.type, i18n.language) || '—';

  const run = () => {
    const action = confirm;
    setConfirm(null);
    if (action === 'approve') {
      approve.mutate(inst, {
        onSuccess: () => {
          toast.show(t('partners:requests.approved', { name }));
          void refetch();
        },
        onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      });
    } else if (action) {
      update.mutate(
        { id: inst.id, state: action },
        {
          onSuccess: () => {
            toast.show(t('partners:details.updated'));
            void refetch();
          },
          onError: (err) => toast.show(errorText(err), { severity: 'error' }),
        },
      );
    }
  };

  return (
    <Box data-testid="partner-details-page">
      {back}
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}>
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h5" component="h1" data-testid="institution-title">
                  {name}
                </Typography>
                <Box data-testid="institution-state" data-state={inst.state}>
                  <StateChip state={inst.state} size="medium" />
                </Box>
              </Stack>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {other}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1}>
              {inst.state === 'requested' && (
                <Button variant="contained" startIcon={<CheckIcon />} onClick={() => setConfirm('approve')} disabled={approve.isPending}>
                  {t('partners:details.approve')}
                </Button>
              )}
              {inst.state === 'active' && (
                <Button variant="outlined" color="error" startIcon={<PauseCircleOutlineIcon />} onClick={() => setConfirm('suspended')} disabled={update.isPending} data-testid="suspend-button">
                  {t('partners:details.suspend')}
                </Button>
              )}
              {inst.state === 'suspended' && (
                <Button variant="contained" color="success" startIcon={<PlayCircleOutlineIcon />} onClick={() => setConfirm('active')} disabled={update.isPending} data-testid="activate-button">
                  {t('partners:details.activate')}
                </Button>
              )}
            </Stack>
          </Stack>
          <Divider sx={{ my: 2.5 }} />
          <Grid container spacing={2.5}>
            <Field label={t('partners:details.site')}>
              {inst.url ? (
                <Link href={inst.url} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, wordBreak: 'break-all' }} data-testid="site-link">
                  {inst.url} <OpenInNewIcon sx={{ fontSize: 16 }} />
                </Link>
              ) : (
                <Box component="span" sx={{ fontFamily: 'monospace' }}>{inst.slug}</Box>
              )}
            </Field>
            <Field label={t('partners:details.type')}>{typeName}</Field>
            <Field label={t('partners:details.contact_phone')}>{inst.contact_phone || '—'}</Field>
            <Field label={t('partners:details.contact_email')}>{inst.contact_email || '—'}</Field>
            <Field label={t('partners:details.applicant')}>{inst.applicant ? `${inst.applicant.name} · ${inst.applicant.email}` : '—'}</Field>
            <Field label={t('partners:details.created_at')}>{formatDate(inst.created_at, i18n.language) || '—'}</Field>
            <Field label={t('partners:details.approved_at')}>{formatDate(inst.approved_at, i18n.language) || '—'}</Field>
          </Grid>
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('partners:details.provisioning_title')}
          </Typography>
          {inst.provisioning ? (
            <ProvisioningProgress provisioning={inst.provisioning} live={live} />
          ) : (
            <Typography color="text.secondary">{t('partners:details.provisioning_none')}</Typography>
          )}
        </CardContent>
      </Card>
      <Card sx={{ mt: 3 }} data-testid="tls-card">
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('settings:tls.title')}
          </Typography>
          <CertificateHistory tls={inst.tls ?? null} />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={!!confirm}
        title={
          confirm === 'approve'
            ? t('partners:requests.confirm_title')
            : confirm === 'suspended'
              ? t('partners:details.suspend')
              : t('partners:details.activate')
        }
        body={
          confirm === 'approve'
            ? t('partners:requests.confirm_body', { name, slug: inst.slug })
            : confirm === 'suspended'
              ? t('partners:details.suspend_confirm')
              : t('partners:details.activate_confirm')
        }
        danger={confirm === 'suspended'}
        onConfirm={run}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5, fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ mt: 0.25, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Grid>
  );
}
