// The home page's feedback section: the newest approved feedback (at most HOME_FEEDBACK_COUNT cards:
// name, designation, stars, message) and the "Send feedback" button, which opens the form (its own
// chunk, fetched when first opened). Without approved feedback only the invitation and the button
// show. The home page loads this module lazily, below its first screen.
import { Avatar, Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Stars } from '../../../components/ui/stars';
import { HOME_FEEDBACK_COUNT, type Feedback } from '../../../lib/site-extras';
import { useApprovedFeedback } from '../hooks/home-extras';

const FeedbackDialog = lazy(() => import('./feedback-dialog'));

const TITLE_ID = 'home-feedback-title';

export default function HomeFeedback() {
  const { t } = useTranslation('extras');
  const { data, isLoading } = useApprovedFeedback();
  const items = (data ?? []).slice(0, HOME_FEEDBACK_COUNT);
  // null: never opened (its code not fetched); then kept mounted so that it closes with its transition.
  const [open, setOpen] = useState<boolean | null>(null);
  // Drawn once, when it is known whether there are cards: not an invitation replaced by them.
  if (isLoading) return null;
  const button = (
    <Button variant={items.length ? 'outlined' : 'contained'} startIcon={<RateReviewOutlinedIcon />} onClick={() => setOpen(true)} data-testid="open-feedback">
      {t('feedback.send')}
    </Button>
  );
  return (
    <Box component="section" aria-labelledby={items.length ? TITLE_ID : undefined} aria-label={items.length ? undefined : t('feedback.send')} data-testid="home-feedback" data-count={items.length}>
      <Container maxWidth="lg" sx={{ py: items.length ? { xs: 6, md: 9 } : { xs: 3, md: 4 } }}>
        {items.length > 0 ? (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 4, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
              <Box>
                <Typography variant="h4" component="h2" id={TITLE_ID} sx={{ fontSize: { xs: 24, md: 32 } }}>
                  {t('feedback.title')}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t('feedback.subtitle')}
                </Typography>
              </Box>
              <Box sx={{ flexShrink: 0 }}>{button}</Box>
            </Stack>
            <Grid container spacing={2.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((f) => (
                <Grid key={f.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                  <FeedbackCard feedback={f} />
                </Grid>
              ))}
            </Grid>
          </>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'center', textAlign: { xs: 'left', sm: 'center' } }}>
            <Typography color="text.secondary">{t('feedback.invite')}</Typography>
            <Box>{button}</Box>
          </Stack>
        )}
      </Container>
      {open !== null && (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}

export function FeedbackCard({ feedback: f }: { feedback: Feedback }) {
  return (
    <Card sx={{ height: '100%' }} data-testid="feedback-card">
      <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Stars value={f.rating} size="small" />
        <Typography
          component="blockquote"
          data-user-content
          sx={{
            m: 0,
            flexGrow: 1,
            whiteSpace: 'pre-line',
            overflowWrap: 'anywhere',
            // Long messages are cut at eight lines: the cards keep one height in a row.
            display: '-webkit-box',
            WebkitLineClamp: 8,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
          data-testid="feedback-card-message"
        >
          {f.message}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar src={f.photo ?? undefined} alt="" sx={{ width: 40, height: 40, bgcolor: 'primary.main' }} slotProps={{ img: { loading: 'lazy' } }}>
            {f.name.trim().slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-user-content data-testid="feedback-card-name">
              {f.name}
            </Typography>
            {f.designation && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
                {f.designation}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
