import { Box, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearToken, getToken } from '../../../lib/auth-storage';
import { useToast } from '../../../components/ui/toast-provider';
import { logout } from '../api/auth-api';

export const LOGOUT_TOAST_MS = 1500; // SPEC 9

/** Calls logout, clears the token and role headers, goes to / with a "Logout" notice. */
export default function LogoutPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      clearToken();
      qc.removeQueries({ queryKey: ['me'] });
      navigate('/', { replace: true });
      toast.show(t('common:toast.logout_body'), { title: t('common:toast.logout_title'), duration: LOGOUT_TOAST_MS });
    };
    if (!getToken()) return finish();
    logout().catch(() => undefined).finally(finish);
  }, [navigate, qc, t, toast]);
  return (
    <Box sx={{ py: 12, display: 'grid', placeItems: 'center', gap: 2 }}>
      <CircularProgress />
      <Typography color="text.secondary">{t('auth:logout.in_progress')}</Typography>
    </Box>
  );
}
