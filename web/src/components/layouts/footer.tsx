import { Avatar, Box, Container, Divider, Grid, Link, List, ListItem, ListItemAvatar, ListItemText, Skeleton, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { institutionName } from '../../lib/course-text';
import { formatYear } from '../../lib/lang';
import { usePublicPartners } from '../../lib/public-queries';
import { useSiteTexts } from '../../lib/site-context';
import { Pager } from '../ui/pager';
import { Brand } from './brand';

// The "Send feedback" form and its texts come only when the link is first pressed.
const FeedbackDialog = lazy(() => import('../../features/home/components/feedback-dialog'));

/** The site's own pages and its blogs and tutorials (SPEC §2 footer links). */
const SITE_PAGES = [
  ['/page/details/1/about', 'about'],
  ['/our-team', 'our_team'],
  ['/blogs/lists', 'blogs'],
  ['/tutorials/lists', 'tutorials'],
  ['/faq', 'faq'],
  ['/contact-us', 'contact'],
] as const;

export function Footer() {
  const { t, i18n } = useTranslation();
  const { name, slogan, site } = useSiteTexts();
  const year = formatYear(new Date().getFullYear(), i18n.language);
  const showPartnership = site.is_main && site.site_config.modules.partnership;
  // null: never opened; then kept mounted so that it closes with its transition.
  const [feedback, setFeedback] = useState<boolean | null>(null);
  return (
    <Box
      component="footer"
      data-testid="footer"
      sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', mt: 8, pb: { xs: 9, md: 0 } }}
    >
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Grid container spacing={5}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Brand />
            <Typography color="text.secondary" sx={{ mt: 2, maxWidth: 340 }} data-testid="footer-slogan">
              {slogan}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 7, md: 5 }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1.5, textTransform: 'uppercase', letterSpacing: 0.6, color: 'text.secondary' }}>
              {t('common:footer.links_title')}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, columnGap: 3, alignItems: 'start' }}>
              <Link component={RouterLink} to="/" color="text.primary">
                {t('common:footer.home')}
              </Link>
              <Link component={RouterLink} to="/certificate/check" color="text.primary" data-testid="footer-certificate-check">
                {t('common:footer.certificate_check')}
              </Link>
              <Link component={RouterLink} to="/search/lists?course_type=webinar" color="text.primary" data-testid="footer-webinars">
                {t('common:footer.webinars')}
              </Link>
              <Link component={RouterLink} to="/search/lists?payment_status=0" color="text.primary" data-testid="footer-master-class">
                {t('common:footer.master_class')}
              </Link>
              {showPartnership && (
                <Link component={RouterLink} to="/partnership" color="text.primary" data-testid="footer-partnership">
                  {t('common:footer.partnership')}
                </Link>
              )}
              <Link component={RouterLink} to={site.is_main ? '/dashboard' : '/'} color="text.primary" data-testid="footer-dashboard">
                {t('common:footer.dashboard')}
              </Link>
              {/* SPEC §2 shows the FAQ link as / for white-label sites; SiteInfo has no such flag yet. */}
              {SITE_PAGES.map(([to, key]) => (
                <Link key={to} component={RouterLink} to={to} color="text.primary" data-testid={`footer-${key}`}>
                  {t(`common:footer.${key}`)}
                </Link>
              ))}
              {site.site_config.modules.learner_feedback && (
                <Link component="button" type="button" onClick={() => setFeedback(true)} color="text.primary" sx={{ textAlign: 'start' }} data-testid="footer-feedback">
                  {t('common:footer.feedback')}
                </Link>
              )}
            </Box>
          </Grid>
          <Grid size={{ xs: 12, sm: 5, md: 4 }}>
            <FooterPartners />
          </Grid>
        </Grid>
        <Divider sx={{ my: 4 }} />
        <Typography variant="body2" color="text.secondary" data-testid="copyright" sx={{ textAlign: 'center' }}>
          {t('common:footer.copyright', { year, name })}
        </Typography>
      </Container>
      {feedback !== null && (
        <Suspense fallback={null}>
          <FeedbackDialog open={feedback} onClose={() => setFeedback(false)} />
        </Suspense>
      )}
    </Box>
  );
}

function FooterPartners() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = usePublicPartners(page);
  const items = data?.data ?? [];
  return (
    <Box data-testid="footer-partners">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1, textTransform: 'uppercase', letterSpacing: 0.6, color: 'text.secondary' }}>
        {t('common:footer.partners_title')}
      </Typography>
      {isLoading ? (
        <Box>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Box>
      ) : isError ? (
        <Typography variant="body2" color="text.secondary">
          {t('common:footer.partners_error')}
        </Typography>
      ) : items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('common:footer.partners_empty')}
        </Typography>
      ) : (
        <>
          <List dense disablePadding>
            {items.map((p) => {
              const label = institutionName(p, i18n.language);
              return (
                <ListItem key={p.id} disableGutters>
                  <ListItemAvatar sx={{ minWidth: 44 }}>
                    <Avatar src={p.logo ?? undefined} variant="rounded" sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 14 }}>
                      {label.slice(0, 1)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      <Link href={p.url} color="text.primary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                        {label}
                        <OpenInNewIcon sx={{ fontSize: 14, color: 'text.secondary' }} />
                      </Link>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
          <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} size="small" />
        </>
      )}
    </Box>
  );
}
