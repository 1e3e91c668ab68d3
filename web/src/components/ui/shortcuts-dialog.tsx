import { Box, Dialog, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemText } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rows = [
    { keys: t('common:shortcuts.alt_k'), label: t('common:shortcuts.open_list') },
    { keys: t('common:shortcuts.alt_slash'), label: t('common:shortcuts.focus_a11y') },
  ];
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="shortcuts-dialog">
      <DialogTitle sx={{ pr: 6 }}>
        {t('common:shortcuts.title')}
        <IconButton aria-label={t('common:actions.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <List disablePadding>
          {rows.map((r) => (
            <ListItem key={r.keys} disableGutters secondaryAction={<Kbd>{r.keys}</Kbd>}>
              <ListItemText primary={r.label} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        fontFamily: 'monospace',
        fontSize: 13,
        px: 1,
        py: 0.25,
        border: 1,
        borderColor: 'divider',
        borderBottomWidth: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      {children}
    </Box>
  );
}
