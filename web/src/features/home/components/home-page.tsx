import { Avatar, Box, Button, Card, CardActionArea, CardContent, Chip, Container, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import CastForEducationOutlinedIcon from '@mui/icons-material/CastForEducationOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import TranslateIcon from '@mui/icons-material/Translate';
import SearchIcon from '@mui/icons-material/Search';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { usePublicPartners } from '../../../lib/public-queries';
import { useCurrentUser } from '../../../lib/session';
import { useSiteTexts } from '../../../lib/site-context';
import { CourseRows } from './course-rows';

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
      {site.site_config.modules.home_features && <Features />}
      {site.is_main && <Partners />}
    </>
  );
}

function Features() {
  const { t } = useTranslation('home');
  const items = [
    { icon: <AutoStoriesOutlinedIcon />, title: t('features.courses_title'), body: t('features.courses_body') },
    { icon: <CastForEducationOutlinedIcon />, title: t('features.classroom_title'), body: t('features.classroom_body') },
    { icon: <WorkspacePremiumOutlinedIcon />, title: t('features.exams_title'), body: t('features.exams_body') },
  ];
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }}>
      <Typography variant="h4" component="h2" sx={{ mb: 4, fontSize: { xs: 24, md: 32 } }}>
        {t('features.title')}
      </Typography>
      <Grid container spacing={3}>
        {items.map((i) => (
          <Grid key={i.title} size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3 }}>
                <Box sx={(th) => ({ width: 48, height: 48, borderRadius: 3, display: 'grid', placeItems: 'center', bgcolor: alpha(th.palette.primary.main, 0.1), color: 'primary.main', mb: 2 })}>
                  {i.icon}
                </Box>
                <Typography variant="h6" component="h3">
                  {i.title}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {i.body}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}

function Partners() {
  const { t, i18n } = useTranslation('home');
  const [page, setPage] = usePageParam();
  const { data, isLoading, isError } = usePublicPartners(page);
  useClampPageParam(data?.last_page);
  const items = data?.data ?? [];
  return (
    <Box sx={{ bgcolor: 'background.paper', borderTop: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }} data-testid="home-partners">
        <Typography variant="h4" component="h2" sx={{ fontSize: { xs: 24, md: 32 } }}>
          {t('partners.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
          {t('partners.subtitle')}
        </Typography>
        {isLoading ? (
          <Grid container spacing={2}>
            {[0, 1, 2].map((i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
                <Skeleton variant="rounded" height={88} />
              </Grid>
            ))}
          </Grid>
        ) : isError || items.length === 0 ? (
          <EmptyState icon={<ApartmentOutlinedIcon />} message={isError ? t('partners.error') : t('partners.empty')} />
        ) : (
          <>
            <Grid container spacing={2}>
              {items.map((p) => {
                const label = (i18n.language === 'bn' ? p.institution_name : p.institution_name_en) || p.institution_name;
                return (
                  <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4 }}>
                    <Card>
                      <CardActionArea href={p.url} sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'flex-start' }}>
                        <Avatar src={p.logo ?? undefined} variant="rounded" sx={{ width: 52, height: 52, bgcolor: 'primary.main' }}>
                          {label.slice(0, 1)}
                        </Avatar>
                        <Box sx={{ minWidth: 0 }}>
                          <Typography noWrap sx={{ fontWeight: 700 }}>
                            {label}
                          </Typography>
                          <Typography variant="body2" color="primary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                            {t('partners.visit')} <ArrowForwardIcon sx={{ fontSize: 16 }} />
                          </Typography>
                        </Box>
                      </CardActionArea>
                    </Card>
                  </Grid>
                );
              })}
            </Grid>
            <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} />
          </>
        )}
      </Container>
    </Box>
  );
}
