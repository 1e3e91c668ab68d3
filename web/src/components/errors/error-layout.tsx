import { Box, Button, Container, Typography } from '@mui/material';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Centered card for 404, error, forbidden and message pages. The default action is a plain <a> to
 * the home page so it works outside the router; `action` replaces it, `hint` adds a line under it.
 */
export function ErrorLayout(props: { code?: string; title: string; body?: ReactNode; testId: string; icon?: ReactNode; action?: ReactNode; hint?: ReactNode }) {
  const { code, title, body, testId, icon, action, hint } = props;
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }} data-testid={testId}>
      {icon && <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 }, mb: 1 }}>{icon}</Box>}
      {code && (
        <Typography
          aria-hidden
          sx={{ fontSize: { xs: 72, sm: 96 }, fontWeight: 900, lineHeight: 1, color: 'primary.main', opacity: 0.18, letterSpacing: '-0.04em' }}
        >
          {code}
        </Typography>
      )}
      <Typography variant="h4" component="h1" sx={{ mt: 1, fontSize: { xs: 24, sm: 30 } }}>
        {title}
      </Typography>
      {body && (
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {body}
        </Typography>
      )}
      <Box sx={{ mt: 4 }}>
        {action ?? (
          <Button href="/" variant="contained" startIcon={<HomeOutlinedIcon />}>
            {t('common:actions.back_home')}
          </Button>
        )}
      </Box>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid={`${testId}-hint`}>
          {hint}
        </Typography>
      )}
    </Container>
  );
}
