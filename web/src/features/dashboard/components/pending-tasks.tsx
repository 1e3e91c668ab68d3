import { Box, Button, Card, CardContent, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { localName, localTitle } from '../../../lib/course-text';
import { formatDate, formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { PendingCertificate, PendingEnrolment } from '../api/teaching-api';
import { usePendingAction, usePendingTasks } from '../hooks/use-teaching';

type Kind = 'enrolment' | 'certificate';

/** Enrolment requests and certificates waiting for the author, each with its approve button. */
export function PendingTasks() {
  const { t } = useTranslation('dashboard');
  const { data, isLoading, error, refetch } = usePendingTasks();
  return (
    <Card data-testid="pending-tasks" component="section" aria-labelledby="pending-tasks-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id="pending-tasks-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('pending.title')}
        </Typography>
        {isLoading ? (
          <Stack spacing={1.5}>
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Stack>
        ) : error || !data ? (
          <ErrorState message={t('pending.error')} onRetry={() => refetch()} />
        ) : (
          <Stack spacing={2.5} divider={<Divider flexItem />}>
            <PendingGroup kind="enrolment" icon={<HowToRegOutlinedIcon />} items={data.enrolments} total={data.enrolments_total} />
            <PendingGroup kind="certificate" icon={<WorkspacePremiumOutlinedIcon />} items={data.certificates} total={data.certificates_total} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function PendingGroup({ kind, icon, items, total }: { kind: Kind; icon: ReactNode; items: (PendingEnrolment | PendingCertificate)[]; total: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const count = Math.max(total, items.length);
  const headingId = `pending-${kind}-title`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`pending-${kind}s`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, color: 'text.secondary' }}>
        {icon}
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {t(`pending.${kind}s_title`)}
        </Typography>
        {count > 0 && <Chip size="small" color="warning" label={formatNumber(count, i18n.language)} data-testid={`pending-${kind}s-count`} />}
      </Stack>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid={`pending-${kind}s-empty`}>
          {t(`pending.${kind}s_empty`)}
        </Typography>
      ) : (
        <>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((item) => (
              <PendingRow key={item.enrollment_id} kind={kind} item={item} />
            ))}
          </Stack>
          {count > items.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('pending.showing', { shown: formatNumber(items.length, i18n.language), count })}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

function PendingRow({ kind, item }: { kind: Kind; item: PendingEnrolment | PendingCertificate }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const toast = useToast();
  const errorText = useErrorText();
  const action = usePendingAction(kind);
  const name = localName(item.user, lang);
  const course = localTitle({ title: item.course_title, title_bn: item.course_title_bn }, lang);
  const batch = localName({ name: item.batch_name, name_bn: item.batch_name_bn }, lang);
  const when = 'requested_at' in item ? item.requested_at : (item as PendingCertificate).completed_at;
  const approve = () =>
    action.mutate(item.enrollment_id, {
      onSuccess: () => toast.show(t(`pending.${kind}_done`, { name })),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
    });
  return (
    <Card component="li" variant="outlined" sx={{ borderRadius: 2.5 }} data-testid={`pending-${kind}`} data-enrollment-id={item.enrollment_id}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.25} sx={{ p: 1.5, alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-user-content>
            {name}
          </Typography>
          {item.user.email && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {item.user.email}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
            {[course, batch].filter(Boolean).join(' · ')}
          </Typography>
          {when && (
            <Typography variant="caption" color="text.secondary">
              {t(`pending.${kind}_when`, { date: formatDate(when, lang) })}
            </Typography>
          )}
        </Box>
        <Button
          variant="contained"
          size="small"
          startIcon={<CheckIcon />}
          onClick={approve}
          disabled={action.isPending}
          aria-label={t(`pending.${kind}_approve_named`, { name })}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          data-testid={`pending-${kind}-approve`}
        >
          {t(`pending.${kind}_approve`)}
        </Button>
      </Stack>
    </Card>
  );
}
