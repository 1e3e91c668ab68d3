import { Avatar, Box, Button, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { institutionName, otherInstitutionName } from '../../../lib/course-text';
import { formatDate } from '../../../lib/lang';
import type { Institution } from '../../../lib/types';
import { useErrorText } from '../../../lib/use-error-text';
import { useApprove, useUnapproved } from '../hooks/use-partners';
import { StateChip } from './state-chip';

export default function PartnerRequestsPage() {
  const { t, i18n } = useTranslation(['partners', 'common']);
  const [page, setPage] = usePageParam();
  const { data, isLoading, error, refetch } = useUnapproved(page);
  useClampPageParam(data?.last_page);
  const approve = useApprove();
  const toast = useToast();
  const errorText = useErrorText();
  const [pending, setPending] = useState<Institution | null>(null);
  const nameOf = (i: Institution) => institutionName(i, i18n.language);

  const confirm = () => {
    if (!pending) return;
    const inst = pending;
    approve.mutate(inst, {
      onSuccess: () => {
        setPending(null);
        toast.show(t('partners:requests.approved', { name: nameOf(inst) }));
      },
      onError: (err) => {
        setPending(null);
        toast.show(errorText(err), { severity: 'error' });
      },
    });
  };

  const items = data?.data ?? [];
  return (
    <Box data-testid="partner-requests-page">
      <PageHeader title={t('partners:requests.title')} subtitle={t('partners:requests.subtitle')} />
      {isLoading ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState icon={<MarkEmailReadOutlinedIcon />} message={t('partners:requests.empty')} />
        </Card>
      ) : (
        <Grid container spacing={2}>
          {items.map((inst) => (
            <Grid key={inst.id} size={{ xs: 12, md: 6 }}>
              <Card data-testid="request-card" data-slug={inst.slug} data-id={inst.id} sx={{ height: '100%' }}>
                <CardContent sx={{ p: 2.5 }}>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                    <Avatar variant="rounded" sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>
                      {nameOf(inst).slice(0, 1)}
                    </Avatar>
                    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                      <Typography component={RouterLink} to={`/partners/details/${inst.id}`} sx={{ fontWeight: 700, color: 'text.primary', textDecoration: 'none', '&:hover': { color: 'primary.main' } }}>
                        {nameOf(inst)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" noWrap>
                        {otherInstitutionName(inst, i18n.language)}
                      </Typography>
                    </Box>
                    <StateChip state={inst.state} />
                  </Stack>
                  <Stack spacing={0.75} sx={{ mt: 2, color: 'text.secondary', '& svg': { fontSize: 18 } }}>
                    <Row icon={<LanguageIcon />} text={inst.slug} mono />
                    {inst.applicant && <Row icon={<EmailOutlinedIcon />} text={`${t('partners:requests.applicant')}: ${inst.applicant.name} · ${inst.applicant.email}`} />}
                    {inst.contact_phone && <Row icon={<PhoneOutlinedIcon />} text={inst.contact_phone} />}
                    {inst.created_at && (
                      <Typography variant="caption">
                        {t('partners:requests.requested_at')}: {formatDate(inst.created_at, i18n.language)}
                      </Typography>
                    )}
                  </Stack>
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
                    <Button variant="contained" startIcon={<CheckIcon />} onClick={() => setPending(inst)} data-testid="approve-button">
                      {t('partners:requests.approve')}
                    </Button>
                  </Box>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} />
      <ConfirmDialog
        open={!!pending}
        title={t('partners:requests.confirm_title')}
        body={pending ? t('partners:requests.confirm_body', { name: nameOf(pending), slug: pending.slug }) : ''}
        confirmLabel={t('partners:requests.approve')}
        busy={approve.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}

function Row({ icon, text, mono }: { icon: React.ReactNode; text: string; mono?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      {icon}
      <Typography variant="body2" noWrap sx={mono ? { fontFamily: 'monospace' } : undefined}>
        {text}
      </Typography>
    </Stack>
  );
}
