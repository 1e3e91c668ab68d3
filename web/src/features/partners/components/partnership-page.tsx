import { Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import LanguageIcon from '@mui/icons-material/Language';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/lang';

export default function PartnershipPage() {
  const { t, i18n } = useTranslation('partners');
  const benefits = [
    { icon: <LanguageIcon />, key: 'site' },
    { icon: <MenuBookOutlinedIcon />, key: 'courses' },
    { icon: <GroupsOutlinedIcon />, key: 'learners' },
    { icon: <InsightsOutlinedIcon />, key: 'reports' },
  ];
  const steps = [t('partnership.step_apply'), t('partnership.step_review'), t('partnership.step_launch')];
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 9 } }} data-testid="partnership-page">
      <Grid container spacing={{ xs: 4, md: 8 }} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, md: 44 } }}>
            {t('partnership.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 2, fontSize: 18 }}>
            {t('partnership.intro')}
          </Typography>
          <Button
            component={RouterLink}
            to="/partnership/registration"
            size="large"
            variant="contained"
            endIcon={<ArrowForwardIcon />}
            sx={{ mt: 4 }}
            data-testid="partnership-apply"
          >
            {t('partnership.cta')}
          </Button>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={(th) => ({ bgcolor: alpha(th.palette.primary.main, 0.04) })}>
            <CardContent sx={{ p: { xs: 3, md: 4 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('partnership.steps_title')}
              </Typography>
              <Stack spacing={2}>
                {steps.map((s, i) => (
                  <Stack key={s} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Box
                      sx={{ width: 36, height: 36, flexShrink: 0, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}
                    >
                      {formatNumber(i + 1, i18n.language)}
                    </Box>
                    <Typography>{s}</Typography>
                  </Stack>
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Grid container spacing={3} sx={{ mt: { xs: 4, md: 8 } }}>
        {benefits.map((b) => (
          <Grid key={b.key} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3 }}>
                <Box sx={(th) => ({ width: 44, height: 44, borderRadius: 3, display: 'grid', placeItems: 'center', bgcolor: alpha(th.palette.secondary.main, 0.15), color: 'secondary.dark', mb: 2 })}>
                  {b.icon}
                </Box>
                <Typography variant="h6" component="h3" sx={{ fontSize: 18 }}>
                  {t(`partnership.benefit_${b.key}_title`)}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t(`partnership.benefit_${b.key}_body`)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
