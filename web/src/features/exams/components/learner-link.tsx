// The address learners open to take the exam, with a copy button.
import { Box, Button, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { copyText } from '../../../lib/copy-text';

export function learnerPath(uuid: string): string {
  return `/exam/journey/${uuid}`;
}

export function LearnerLink({ uuid }: { uuid: string }) {
  const { t } = useTranslation('exams');
  const toast = useToast();
  const url = `${typeof window === 'undefined' ? '' : window.location.origin}${learnerPath(uuid)}`;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" id="learner-link-label" sx={{ mb: 0.5 }}>
        {t('edit.learner_link')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="code"
          aria-labelledby="learner-link-label"
          sx={{ flexGrow: 1, minWidth: 0, px: 1.5, py: 1, borderRadius: 1, bgcolor: 'action.hover', fontSize: 13, overflowWrap: 'anywhere' }}
          data-testid="learner-link"
        >
          {url}
        </Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={async () => {
            const ok = await copyText(url);
            toast.show(ok ? t('edit.link_copied') : t('edit.link_not_copied'), { severity: ok ? 'success' : 'error' });
          }}
          data-testid="copy-learner-link"
          sx={{ flexShrink: 0 }}
        >
          {t('edit.copy_link')}
        </Button>
      </Stack>
    </Box>
  );
}
