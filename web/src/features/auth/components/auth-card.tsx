import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function AuthCard({ title, subtitle, children, footer, icon }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode; icon?: ReactNode }) {
  return (
    <Box sx={{ px: 2, py: { xs: 4, md: 8 }, display: 'flex', justifyContent: 'center' }}>
      <Card sx={{ width: '100%', maxWidth: 440, boxShadow: '0 10px 40px rgba(15, 23, 42, 0.06)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box
            sx={{ width: 48, height: 48, borderRadius: 3, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', mb: 2 }}
          >
            {icon ?? <LockOutlinedIcon />}
          </Box>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3, overflowWrap: 'anywhere' }}>
              {subtitle}
            </Typography>
          )}
          {children}
          {footer && <Box sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>{footer}</Box>}
        </CardContent>
      </Card>
    </Box>
  );
}

/** While a mailed link (password reset, e-mail verification) is being checked; `testId` marks the status line. */
export function AuthCardChecking({ icon, title, text, testId }: { icon: ReactNode; title: string; text: string; testId: string }) {
  return (
    <AuthCard icon={icon} title={title}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }} data-testid={testId}>
        <CircularProgress size={24} />
        <Typography color="text.secondary">{text}</Typography>
      </Box>
    </AuthCard>
  );
}

/** The check of a mailed link failed for another reason than the link (server down, offline): the error and a retry. */
export function AuthCardRetry({
  icon,
  title,
  error,
  retrying,
  onRetry,
  testId,
}: {
  icon: ReactNode;
  title: string;
  error: string;
  retrying: boolean;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation('common');
  return (
    <AuthCard icon={icon} title={title}>
      <Box sx={{ display: 'grid', gap: 2, mt: 1.5 }}>
        <Alert severity="error" data-testid={testId}>
          {error}
        </Alert>
        <Button variant="contained" size="large" onClick={onRetry} disabled={retrying}>
          {t('common:actions.retry')}
        </Button>
      </Box>
    </AuthCard>
  );
}
