// The home page's sections below the hero and course rows (ads, features, partners): their code
// comes after the page's first render (home-page.tsx).
import { Avatar, Box, Card, CardActionArea, CardContent, Container, Grid, Skeleton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import CastForEducationOutlinedIcon from '@mui/icons-material/CastForEducationOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { institutionName } from '../../../lib/course-text';
import { usePublicPartners } from '../../../lib/public-queries';

export { AdSlot } from '../../promotions/components/ad-slot';

export function Features() {
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

export function Partners() {
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
                const label = institutionName(p, i18n.language);
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
