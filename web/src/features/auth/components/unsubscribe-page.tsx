import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { localTitle } from '../../../lib/course-text';
import { useErrorText } from '../../../lib/use-error-text';
import type { AnnouncementChoice } from '../api/auth-api';
import { isUnsubscribeLinkInvalid, shownAddress, unsubscribeLinkQuery, unsubscribeMutation } from '../hooks/unsubscribe';
import { AuthCard, AuthCardChecking, AuthCardRetry } from './auth-card';

/**
 * The page of the link at the foot of an announcement (`?token=`), signed in or not. Opening it
 * changes nothing (mail scanners open links): it says whose announcements reach which address, and
 * its button leaves them, or takes them again.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation(['auth', 'common']);
  const errorText = useErrorText();
  const qc = useQueryClient();
  const token = new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
  const link = useQuery(unsubscribeLinkQuery(token));
  const change = useMutation(unsubscribeMutation(qc, token));

  if (!token || isUnsubscribeLinkInvalid(link.error) || isUnsubscribeLinkInvalid(change.error)) return <UnsubscribeLinkInvalid />;
  if (link.error) {
    return (
      <AuthCardRetry
        icon={<CampaignOutlinedIcon />}
        title={t('auth:unsubscribe.checking_title')}
        error={errorText(link.error)}
        retrying={link.isFetching}
        onRetry={() => void link.refetch()}
        testId="unsubscribe-error"
      />
    );
  }
  if (!link.data) {
    return <AuthCardChecking icon={<CampaignOutlinedIcon />} title={t('auth:unsubscribe.checking_title')} text={t('auth:unsubscribe.checking')} testId="unsubscribe-checking" />;
  }
  return (
    <AnnouncementChoiceCard
      choice={link.data}
      pending={change.isPending}
      rejoined={change.isSuccess && !change.data.left}
      error={change.error ? errorText(change.error) : null}
      // Another press while one is being saved is ignored: the first one's outcome shows.
      onChange={(left) => !change.isPending && change.mutate(left)}
    />
  );
}

/**
 * The site, the address and its channel, where the announcements stand (a live region: the change
 * is read out), and one button that leaves them or takes them again: the same element either way,
 * so the keyboard's focus stays on it.
 */
export function AnnouncementChoiceCard({
  choice,
  pending,
  rejoined,
  error,
  onChange,
}: {
  choice: AnnouncementChoice;
  pending: boolean;
  /** Taken again from this page just now (rather than never left). */
  rejoined: boolean;
  error: string | null;
  onChange: (left: boolean) => void;
}) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const site = localTitle({ title: choice.site_name_en, title_bn: choice.site_name }, i18n.language);
  const state = choice.left ? 'left' : rejoined ? 'rejoined' : 'receiving';
  return (
    <AuthCard
      icon={<CampaignOutlinedIcon />}
      title={t('auth:unsubscribe.title', { site })}
      subtitle={t('auth:unsubscribe.intro', { site })}
      footer={<HomeLink />}
    >
      <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="unsubscribe-address">
        <Typography variant="body2" color="text.secondary">
          {t(`auth:unsubscribe.channel.${choice.channel}`)}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{shownAddress(choice, i18n.language)}</Typography>
      </Box>
      <Alert severity={state === 'receiving' ? 'info' : 'success'} role="status" sx={{ mt: 2 }} data-testid={`unsubscribe-${state}`}>
        {t(`auth:unsubscribe.state.${state}`)}
      </Alert>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="unsubscribe-change-error">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', mt: 3 }}>
        <Button
          variant={choice.left ? 'outlined' : 'contained'}
          size="large"
          onClick={() => onChange(!choice.left)}
          aria-busy={pending || undefined}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="unsubscribe-button"
        >
          {choice.left ? t('auth:unsubscribe.rejoin') : t('auth:unsubscribe.stop')}
        </Button>
      </Box>
    </AuthCard>
  );
}

/** A link that is cut short, forged or another site's: the other way to the same choice, and home. */
export function UnsubscribeLinkInvalid() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <AuthCard icon={<LinkOffOutlinedIcon />} title={t('auth:unsubscribe.invalid_title')} subtitle={t('auth:unsubscribe.invalid_body')}>
      <Box sx={{ display: 'grid' }} data-testid="unsubscribe-invalid">
        <Button component={RouterLink} to="/" variant="contained" size="large" data-testid="unsubscribe-home">
          {t('common:actions.back_home')}
        </Button>
      </Box>
    </AuthCard>
  );
}

function HomeLink() {
  const { t } = useTranslation('common');
  return (
    <Link component={RouterLink} to="/" data-testid="unsubscribe-home">
      {t('common:actions.back_home')}
    </Link>
  );
}
