// How much of the site's storage is used: a bar and "1.5 MB of 2 GB used" (My Files).
import { Box, LinearProgress, Typography } from '@mui/material';
import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import { useTranslation } from 'react-i18next';
import type { Storage } from '../api/files-api';
import { usedPercent } from '../hooks/file-manager';
import { useSizeText } from '../hooks/use-size-text';

export function StorageBar({ storage }: { storage: Storage }) {
  const { t } = useTranslation('files');
  const size = useSizeText();
  const used = size(storage.used_bytes);
  const text = storage.total_bytes > 0 ? t('files:storage.used_of', { used, total: size(storage.total_bytes) }) : t('files:storage.used', { used });
  const percent = usedPercent(storage.used_bytes, storage.total_bytes);
  return (
    <Box data-testid="storage-bar" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.75 }}>
        <StorageOutlinedIcon fontSize="small" color="action" />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('files:storage.label')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} data-testid="storage-text">
          {text}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 90 ? 'error' : 'primary'}
        aria-label={t('files:storage.label')}
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
