// The account settings' "Announcements from this site": a switch per address of the person (e-mail;
// mobile number once verified) for the site's bulk messages, on while they come. The same choice as
// the link at the foot of each announcement (/unsubscribe).
import { Alert, Box, Skeleton, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { useToken } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import type { AnnouncementChannel, AnnouncementChoice } from '../../auth/api/auth-api';
import { shownAddress } from '../../auth/hooks/unsubscribe';
import type { AnnouncementPreference } from '../api/profile-api';
import { announcementsMutation, announcementsQuery } from '../hooks/use-profile';
import { SettingCard, SettingSwitch } from './setting-card';

export function Announcements() {
  const choices = useQuery(announcementsQuery(useToken()));
  const change = useMutation(announcementsMutation(useQueryClient()));
  if (choices.error) return <ErrorState error={choices.error} onRetry={() => void choices.refetch()} />;
  if (!choices.data) return <Skeleton variant="rounded" height={150} />;
  return (
    <AnnouncementsCard
      choices={choices.data}
      pending={change.isPending ? change.variables : null}
      error={change.error}
      // Another click while one is being saved is ignored: the first one's outcome shows.
      onChange={(channel, receiving) => !change.isPending && change.mutate({ channel, left: !receiving })}
    />
  );
}

export interface AnnouncementsCardProps {
  choices: AnnouncementChoice[];
  /** The change being saved: its switch shows it already, busy. */
  pending: AnnouncementPreference | null;
  error: Error | null;
  onChange: (channel: AnnouncementChannel, receiving: boolean) => void;
}

export function AnnouncementsCard({ choices, pending, error, onChange }: AnnouncementsCardProps) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const errorText = useErrorText();
  return (
    <SettingCard testId="announcements" title={t('profile:announcements.title')} intro={t('profile:announcements.intro')}>
      {(introId) => (
        <>
          {choices.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1.5 }} data-testid="announcements-empty">
              {t('profile:announcements.empty')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
              {choices.map((choice) => {
                const busy = pending?.channel === choice.channel;
                const left = busy ? pending.left : choice.left;
                return (
                  <li key={choice.channel}>
                    <SettingSwitch
                      label={shownAddress(choice, i18n.language)}
                      checked={!left}
                      busy={busy}
                      describedBy={introId}
                      testId={`announcements-${choice.channel}`}
                      busyTestId={`announcements-busy-${choice.channel}`}
                      onChange={(receiving) => onChange(choice.channel, receiving)}
                    />
                  </li>
                );
              })}
            </Box>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="announcements-error">
              {errorText(error)}
            </Alert>
          )}
        </>
      )}
    </SettingCard>
  );
}
