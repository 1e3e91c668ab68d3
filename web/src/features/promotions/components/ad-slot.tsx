// An ad slot of the learners' pages (the home page, the dashboard, a course's page): the approved,
// current promotions the server picks for this learner and slot, as cards. It draws nothing while
// they load, when there are none (the usual case: no space is kept for them) or when they cannot
// be read (ads are not worth an error). The pages load this module lazily, after their own content.
import { Box, Button, Card, CardContent, DialogActions, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CourseThumbnail } from '../../../components/ui/course-thumbnail';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/deferred-mui';
import { useToken } from '../../../lib/session';
import { fetchAdDetails, fetchAds, type Ad } from '../api/ads-api';
import type { Position } from '../api/promotions-api';

export interface AdSlotProps {
  position: Position;
  /** On a course's page: its category (ads may be meant for a category's learners). */
  categoryId?: number | null;
}

/** The path of `url` when it is on this site (`origin`), to open in the same tab; null otherwise. */
export function sameSitePath(url: string, origin: string): string | null {
  try {
    const u = new URL(url, origin || undefined);
    return origin && u.origin === origin ? `${u.pathname}${u.search}${u.hash}` : null;
  } catch {
    return null;
  }
}

export function AdSlot({ position, categoryId = null }: AdSlotProps) {
  // Per session: the ads are chosen for the signed-in learner's profile.
  const token = useToken();
  const ads = useQuery({
    queryKey: ['ads', position, categoryId, token],
    queryFn: () => fetchAds(position, categoryId),
    staleTime: 5 * 60_000,
    retry: false,
  });
  // The cards wait for their words (the promotions catalogue) on their own, not hiding the page's
  // other lazy parts meanwhile.
  return ads.data?.length ? (
    <Suspense fallback={null}>
      <AdCards ads={ads.data} />
    </Suspense>
  ) : null;
}

/** The ads, one card each, in a region named for screen readers. */
export function AdCards({ ads, origin = typeof window === 'undefined' ? '' : window.location.origin }: { ads: Ad[]; origin?: string }) {
  const { t } = useTranslation('promotions');
  const labelId = useId();
  const [job, setJob] = useState<Ad | null>(null);
  return (
    <Box component="section" aria-labelledby={labelId} data-testid="ad-slot" sx={{ my: 3 }}>
      <Typography id={labelId} variant="overline" color="text.secondary" component="h2" sx={{ display: 'block', lineHeight: 2 }}>
        {t('ads.sponsored')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {ads.map((ad) => (
          <Card key={ad.uuid} variant="outlined" data-testid="ad" data-type={ad.type} sx={{ display: 'flex', flexDirection: 'column' }}>
            <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'action.hover' }}>
              <CourseThumbnail src={ad.thumbnail} iconSize={40} />
            </Box>
            <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Typography component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-user-content>
                {ad.title}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
                {ad.institution.name}
              </Typography>
              <Box sx={{ mt: 'auto', pt: 1 }}>
                {ad.type === 'jobs' ? (
                  <Button size="small" onClick={() => setJob(ad)} sx={{ ml: -1 }} aria-label={`${t('ads.learn_more')}: ${ad.title}`} data-testid="ad-details">
                    {t('ads.learn_more')}
                  </Button>
                ) : (
                  <AdLink url={ad.url} origin={origin} label={`${t('ads.learn_more')}: ${ad.title}`}>
                    {t('ads.learn_more')}
                  </AdLink>
                )}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
      <JobDialog ad={job} origin={origin} onClose={() => setJob(null)} />
    </Box>
  );
}

/** A link to the ad's address: in this tab on this site, in a new one elsewhere. */
function AdLink({ url, origin, label, children }: { url: string; origin: string; label: string; children: string }) {
  const { t } = useTranslation('promotions');
  const path = sameSitePath(url, origin);
  const common = { underline: 'hover', sx: { fontWeight: 600 }, 'data-testid': 'ad-link' } as const;
  return path ? (
    <Link component={RouterLink} to={path} aria-label={label} {...common}>
      {children}
    </Link>
  ) : (
    <Link href={url} target="_blank" rel="noopener noreferrer" aria-label={`${label} (${t('ads.new_tab')})`} {...common}>
      {children}
    </Link>
  );
}

/** A job's description, read again when opened (the list's copy shows meanwhile, or if that fails). */
function JobDialog({ ad, origin, onClose }: { ad: Ad | null; origin: string; onClose: () => void }) {
  const { t } = useTranslation(['promotions', 'common']);
  const [shown, setShown] = useState(ad);
  if (ad && ad !== shown) setShown(ad);
  const details = useQuery({
    queryKey: ['ads', 'details', shown?.type, shown?.id],
    queryFn: () => fetchAdDetails(shown!.type, shown!.id),
    enabled: !!ad,
    placeholderData: shown ?? undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const job = details.data ?? shown;
  return (
    <Dialog open={!!ad} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="job-ad-title" data-testid="job-dialog">
      {job && (
        <>
          <DialogTitle id="job-ad-title" sx={{ overflowWrap: 'anywhere' }} data-user-content>
            {job.title}
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {job.institution.name}
            </Typography>
          </DialogTitle>
          <DialogContent dividers>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="job-details" data-user-content>
              {job.details}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
            {job.url && (
              <AdLink url={job.url} origin={origin} label={`${t('promotions:ads.apply')}: ${job.title}`}>
                {t('promotions:ads.apply')}
              </AdLink>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
