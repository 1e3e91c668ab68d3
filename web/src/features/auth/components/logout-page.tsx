import { Box, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast-provider';
import { logOut } from '../hooks/sign-out';

export const LOGOUT_TOAST_MS = 1500; // SPEC 9

/**
 * Calls logout, clears the token and role headers, goes to / with a "Logout" notice. A session
 * from myGov or Google goes on to the provider's logout page instead, which sends the browser
 * back to / (the loader stays meanwhile).
 */
export default function LogoutPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logOut(qc, () => {
      navigate('/', { replace: true });
      toast.show(t('common:toast.logout_body'), { title: t('common:toast.logout_title'), duration: LOGOUT_TOAST_MS });
    });
  }, [navigate, qc, t, toast]);
  return (
    <Box sx={{ py: 12, display: 'grid', placeItems: 'center', gap: 2 }}>
      <CircularProgress />
      <Typography color="text.secondary">{t('auth:logout.in_progress')}</Typography>
    </Box>
  );
}
