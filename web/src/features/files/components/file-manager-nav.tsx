// The file manager's two levels of navigation: whose files (My, Purchase, Shared: a column on the
// left, tabs on top on phones) and which type (All, Image, Audio, Video, Document, Others).
import { Box, List, ListItemButton, ListItemIcon, ListItemText, Tab, Tabs } from '@mui/material';
import FolderSharedOutlinedIcon from '@mui/icons-material/FolderSharedOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FILE_SOURCES, type FileSource } from '../api/files-api';
import { FILE_TABS, type FileTab } from '../hooks/file-manager';

const SOURCE_ICONS: Record<FileSource, ReactNode> = {
  my: <FolderOutlinedIcon />,
  purchase: <ShoppingBagOutlinedIcon />,
  shared: <FolderSharedOutlinedIcon />,
};

/** My Files, Purchase Files, Shared Files: links to /filemanager/<source>. */
export function SourceNav({ source, wide }: { source: FileSource; wide: boolean }) {
  const { t } = useTranslation('files');
  const label = t('files:sources.label');
  if (wide) {
    return (
      <Box component="nav" aria-label={label} sx={{ width: 220, flexShrink: 0 }} data-testid="files-sources">
        <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
          {FILE_SOURCES.map((s) => (
            <ListItemButton
              key={s}
              component={RouterLink}
              to={`/filemanager/${s}`}
              selected={s === source}
              aria-current={s === source ? 'page' : undefined}
              sx={{ borderRadius: 2 }}
              data-testid={`files-source-${s}`}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>{SOURCE_ICONS[s]}</ListItemIcon>
              <ListItemText primary={t(`files:sources.${s}`)} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    );
  }
  return (
    <Box component="nav" aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, width: '100%' }} data-testid="files-sources">
      <Tabs value={source} variant="fullWidth" aria-label={label}>
        {FILE_SOURCES.map((s) => (
          <Tab
            key={s}
            value={s}
            label={t(`files:sources.${s}`)}
            component={RouterLink}
            to={`/filemanager/${s}`}
            aria-current={s === source ? 'page' : undefined}
            sx={{ minWidth: 0, px: 1, fontSize: '0.8125rem' }}
            data-testid={`files-source-${s}`}
          />
        ))}
      </Tabs>
    </Box>
  );
}

/** The type tabs; they control the list below (`panelId`). */
export function TypeTabs({ tab, panelId, onChange }: { tab: FileTab; panelId: string; onChange: (tab: FileTab) => void }) {
  const { t } = useTranslation('files');
  return (
    <Tabs
      value={tab}
      onChange={(_, v: FileTab) => onChange(v)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('files:tabs.label')}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      data-testid="files-type-tabs"
    >
      {FILE_TABS.map((k) => (
        <Tab key={k} value={k} label={t(`files:tabs.${k}`)} id={`files-tab-${k}`} aria-controls={panelId} sx={{ minWidth: 72 }} data-testid={`files-tab-${k}`} />
      ))}
    </Tabs>
  );
}
