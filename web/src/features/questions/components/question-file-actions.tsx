// "Import" (a dialog) and "Export" (a menu of the two formats) for the questions in view: one
// folder's on its page, the whole bank on the list page. Two buttons for the page to lay out.
import { Button, CircularProgress, ListSubheader, Menu, MenuItem, type SxProps, type Theme } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { useErrorText } from '../../../lib/use-error-text';
import { EXPORT_FORMATS, exportQuestions, type ExportFormat } from '../api/question-files-api';
import { ImportDialog } from './import-dialog';

/** `folderId`: the folder whose questions are exported and which imports go into first. */
export function QuestionFileActions({ folderId, buttonSx }: { folderId?: number; buttonSx?: SxProps<Theme> }) {
  const { t } = useTranslation('questions');
  const toast = useToast();
  const errorText = useErrorText();
  const [importing, setImporting] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const menuId = folderId ? `export-menu-${folderId}` : 'export-menu';

  const download = async (format: ExportFormat) => {
    setAnchor(null);
    setExporting(format);
    try {
      await exportQuestions(format, folderId);
    } catch (err) {
      toast.show(errorText(err), { severity: 'error' });
    } finally {
      setExporting(null);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} onClick={() => setImporting(true)} data-testid="import-questions" sx={buttonSx}>
        {t('import.button')}
      </Button>
      <Button
        variant="outlined"
        startIcon={exporting ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlinedIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={!!exporting}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={exporting ? t('export.preparing') : undefined}
        data-testid="export-questions"
        sx={buttonSx}
      >
        {t('export.button')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('export.menu_label') } }}
        data-testid="export-menu"
      >
        <ListSubheader sx={{ lineHeight: 2.5 }}>{folderId ? t('export.scope_folder') : t('export.scope_all')}</ListSubheader>
        {EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void download(format)} data-testid={`export-${format}`}>
            {t(`export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
      <ImportDialog open={importing} folderId={folderId ?? null} onClose={() => setImporting(false)} />
    </>
  );
}
