import { Box, Button, Chip, Container, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import TranslateIcon from '@mui/icons-material/Translate';
import SearchIcon from '@mui/icons-material/Search';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AfterLoad } from '../../../components/ui/deferred-mui';
import { useCurrentUser } from '../../../lib/session';
import { useSiteTexts } from '../../../lib/site-context';
import { CourseRows } from './course-rows';

// Below the hero and the course rows: their code comes once the page has loaded.
const sections = () => import('./home-sections');
const Features = lazy(() => sections().then((m) => ({ default: m.Features })));
const Partners = lazy(() => sections().then((m) => ({ default: m.Partners })));
const AdSlot = lazy(() => sections().then((m) => ({ default: m.AdSlot })));
// The site's slides and approved feedback: modules of their own (with the `extras` texts), each
// drawing nothing until its data says there is something to show.
const HomeSlider = lazy(() => import('./home-slider'));
const HomeFeedback = lazy(() => import('./home-feedback'));

export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const { name, slogan, site } = useSiteTexts();
  const { isSignedIn } = useCurrentUser();
  const showPartnerCta = site.is_main && site.site_config.modules.partnership;
  return (
    <>
      <Box
        data-testid="hero"
        sx={(th) => ({
          position: 'relative',
          overflow: 'hidden',
          // On a phone the hero is the first screen (below the 60 px app bar), as the first HTML's
          // prerendered one is: its heading stays the largest paint, not a course picture that
          // would wait for the scripts.
          minHeight: { xs: 'calc(100vh - 60px)', sm: 0 },
          color: 'primary.contrastText',
          background: `linear-gradient(135deg, ${th.palette.primary.dark} 0%, ${th.palette.primary.main} 55%, ${alpha(th.palette.secondary.main, 0.85)} 140%)`,
        })}
      >
        <Box
          aria-hidden
          sx={{ position: 'absolute', right: -120, top: -120, width: 380, height: 380, borderRadius: '50%', bgcolor: 'rgba(255,255,255,0.08)' }}
        />
        <Box aria-hidden sx={{ position: 'absolute', left: -80, bottom: -140, width: 300, height: 300, borderRadius: '50%', bgcolor: 'rgba(255,255,255,0.06)' }} />
        <Container maxWidth="lg" sx={{ position: 'relative', py: { xs: 7, md: 12 } }}>
          <Chip
            icon={<TranslateIcon sx={{ color: 'inherit !important' }} />}
            label={t('home:hero.eyebrow')}
            sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: 'inherit', mb: 2.5 }}
          />
          {site.logo && <Box component="img" src={site.logo} alt="" sx={{ display: 'block', height: 56, mb: 2, bgcolor: 'rgba(255,255,255,0.9)', p: 1, borderRadius: 2 }} />}
          <Typography variant="h2" component="h1" data-testid="hero-title" sx={{ fontSize: { xs: 32, sm: 44, md: 56 }, maxWidth: 820 }}>
            {name}
          </Typography>
          {slogan && (
            <Typography data-testid="hero-slogan" sx={{ mt: 2, fontSize: { xs: 17, md: 20 }, opacity: 0.92, maxWidth: 640 }}>
              {slogan}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
            {isSignedIn ? (
              <Button component={RouterLink} to="/dashboard" size="large" variant="contained" color="secondary" endIcon={<ArrowForwardIcon />}>
                {t('home:hero.cta_dashboard')}
              </Button>
            ) : (
              <Button component={RouterLink} to="/registration" size="large" variant="contained" color="secondary" endIcon={<ArrowForwardIcon />}>
                {t('home:hero.cta_start')}
              </Button>
            )}
            <Button
              component={RouterLink}
              to="/search/lists"
              size="large"
              variant="outlined"
              startIcon={<SearchIcon />}
              data-testid="cta-browse"
              sx={{ color: 'inherit', borderColor: 'rgba(255,255,255,0.6)', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' } }}
            >
              {t('home:hero.cta_browse')}
            </Button>
            {showPartnerCta && (
              <Button
                component={RouterLink}
                to="/partnership"
                size="large"
                variant="outlined"
                startIcon={<HandshakeOutlinedIcon />}
                data-testid="cta-partner"
                sx={{ color: 'inherit', borderColor: 'rgba(255,255,255,0.6)', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' } }}
              >
                {t('home:hero.cta_partner')}
              </Button>
            )}
          </Stack>
        </Container>
      </Box>

      <CourseRows />
      <AfterLoad>
        <Suspense fallback={null}>
          <HomeSlider />
        </Suspense>
        <Suspense fallback={null}>
          <Container maxWidth="lg">
            <AdSlot position="home" />
          </Container>
          {site.site_config.modules.home_features && <Features />}
          {site.is_main && <Partners />}
        </Suspense>
        {site.site_config.modules.learner_feedback && (
          <Suspense fallback={null}>
            <HomeFeedback />
          </Suspense>
        )}
      </AfterLoad>
    </>
  );
}
