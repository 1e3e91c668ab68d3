// "Saved" / "Saving…" / "Offline, will retry" under a question. Only the troubles are announced to
// screen readers: the ordinary saves happen on every pause in typing.
import { Box, Typography } from '@mui/material';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { SlotStatus } from '../hooks/answer-sync';

export function SaveStatus({ status, answered }: { status: SlotStatus; answered: boolean }) {
  const { t } = useTranslation('exams');
  const shown: { key: string; colour: string; icon: React.ReactNode } | null =
    status === 'pending' || status === 'saving'
      ? { key: 'saving', colour: 'text.secondary', icon: <CloudSyncOutlinedIcon fontSize="small" /> }
      : status === 'saved' || (status === 'idle' && answered)
        ? { key: 'saved', colour: 'success.main', icon: <CloudDoneOutlinedIcon fontSize="small" /> }
        : status === 'offline'
          ? { key: 'offline', colour: 'warning.main', icon: <CloudOffOutlinedIcon fontSize="small" /> }
          : status === 'error'
            ? { key: 'error', colour: 'error.main', icon: <ErrorOutlineIcon fontSize="small" /> }
            : status === 'closed'
              ? { key: 'closed', colour: 'error.main', icon: <ErrorOutlineIcon fontSize="small" /> }
              : null;
  const trouble = status === 'offline' || status === 'error' || status === 'closed';
  return (
    <Box sx={{ minHeight: 24, display: 'flex', alignItems: 'center', gap: 0.5, color: shown?.colour }} data-testid="save-status" data-status={status}>
      {shown?.icon}
      <Typography variant="body2" component="span" role={trouble ? 'alert' : undefined}>
        {shown ? t(`take.save.${shown.key}`) : ''}
      </Typography>
    </Box>
  );
}
