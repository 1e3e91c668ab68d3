// The e-mail as it would be sent (POST /mail-template/preview): its subject, and its HTML in a frame
// that may run nothing and reach nothing (sandbox="", the HTML given inline). Full screen on phones.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailPreview } from '../api/mail-templates-api';

const TITLE_ID = 'mail-preview-title';

export function PreviewDialog({ preview, onClose }: { preview: MailPreview | null; onClose: () => void }) {
  const { t } = useTranslation(['mail', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // The last one stays drawn while the dialog closes.
  const [shown, setShown] = useState(preview);
  if (preview && preview !== shown) setShown(preview);
  return (
    <Dialog open={!!preview} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="mail-preview-dialog">
      <DialogTitle id={TITLE_ID}>{t('mail:preview_title')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('mail:preview_subject')}
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="mail-preview-subject" data-user-content>
            {shown?.subject}
          </Typography>
        </Box>
        <Box
          component="iframe"
          title={t('mail:preview_frame')}
          sandbox=""
          srcDoc={shown?.html ?? ''}
          data-testid="mail-preview-frame"
          sx={{ width: '100%', flex: 1, minHeight: { xs: 360, sm: 480 }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} data-testid="mail-preview-close">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
