import { Box, Typography } from '@mui/material';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function EmptyState({ message, icon, action }: { message?: string; icon?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="empty-state"
      sx={{
        textAlign: 'center',
        py: 6,
        px: 2,
        color: 'text.secondary',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      <Box sx={{ color: 'text.disabled', '& svg': { fontSize: 48 } }}>{icon ?? <InboxOutlinedIcon />}</Box>
      <Typography>{message ?? t('common:empty.default')}</Typography>
      {action}
    </Box>
  );
}
