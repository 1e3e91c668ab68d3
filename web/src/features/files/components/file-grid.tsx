// Folders first, then files, as cards in a responsive grid (one column on a phone). A folder card
// opens the folder; a file card opens the file in a new tab and shows its picture (an image's
// thumbnail, a YouTube video's with a play badge) or an icon of its type. Each card has a menu of
// what may be done with it here.
import { Box, Card, CardActionArea, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Skeleton, Typography } from '@mui/material';
import AudioFileOutlinedIcon from '@mui/icons-material/AudioFileOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import FolderSpecialOutlinedIcon from '@mui/icons-material/FolderSpecialOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import LinkIcon from '@mui/icons-material/Link';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import VideoFileOutlinedIcon from '@mui/icons-material/VideoFileOutlined';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../../lib/course-text';
import type { FileSource, FileType, FmFile, FmFolder } from '../api/files-api';
import { filePreview } from '../../../lib/stored-file';
import { fileActionsFor, isCropperFolder, isVideoLink, type FileMenuAction } from '../hooks/file-manager';
import { useSizeText } from '../hooks/use-size-text';

/**
 * As many columns as the space beside the side navigations takes (not the screen's width): one
 * on a 360 px phone, two to four on wider screens.
 */
const gridOf = (min: number, gap: number) => ({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${min}px), 1fr))`,
  gap,
  listStyle: 'none',
  p: 0,
  m: 0,
});
const FOLDER_GRID = gridOf(200, 1.5);
const FILE_GRID = gridOf(176, 2);

export type FileAction = 'download' | 'rename' | 'share' | 'delete';
export type FolderAction = 'rename' | 'delete';

export interface FileGridProps {
  source: FileSource;
  folders: FmFolder[];
  files: FmFile[];
  /** The address that opens a folder. */
  folderLink: (folder: FmFolder) => string;
  onFileAction: (action: FileAction, file: FmFile) => void;
  onFolderAction: (action: FolderAction, folder: FmFolder) => void;
  /** Drawn first in the folders' grid (the new folder's name input). */
  leading?: ReactNode;
  /** A list being replaced (a page loading): dimmed. */
  stale?: boolean;
}

export function FileGrid({ source, folders, files, folderLink, onFileAction, onFolderAction, leading, stale }: FileGridProps) {
  const { t } = useTranslation('files');
  return (
    <Box data-testid="file-grid" sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}>
      {(folders.length > 0 || leading) && (
        <Box component="section" aria-labelledby="files-folders-heading" sx={{ mb: 3 }}>
          <Typography id="files-folders-heading" variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 1 }}>
            {t('files:list.folders')}
          </Typography>
          <Box component="ul" sx={FOLDER_GRID}>
            {leading && <li>{leading}</li>}
            {folders.map((f) => (
              <li key={f.id}>
                <FolderCard folder={f} to={folderLink(f)} onAction={(a) => onFolderAction(a, f)} />
              </li>
            ))}
          </Box>
        </Box>
      )}
      {files.length > 0 && (
        <Box component="section" aria-labelledby="files-files-heading">
          <Typography id="files-files-heading" variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 1 }}>
            {t('files:list.files')}
          </Typography>
          <Box component="ul" sx={FILE_GRID}>
            {files.map((f) => (
              <li key={f.id}>
                <FileCard file={f} source={source} onAction={(a) => onFileAction(a, f)} />
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The cards' shapes while the list loads. */
export function FileGridSkeleton() {
  const { t } = useTranslation('files');
  return (
    <Box aria-busy="true" aria-label={t('files:list.loading')} data-testid="files-loading">
      <Box sx={{ ...FOLDER_GRID, mb: 3 }}>
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={64} />
        ))}
      </Box>
      <Box sx={FILE_GRID}>
        {[0, 1, 2, 3].map((i) => (
          <Box key={i}>
            <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
            <Skeleton width="70%" sx={{ mt: 1 }} />
            <Skeleton width="40%" />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

interface MenuEntry {
  key: string;
  label: string;
  icon: ReactNode;
  href?: string;
  danger?: boolean;
  onClick?: () => void;
}

/** A "more" button and its menu, labelled with the item's name for screen readers. */
function ItemMenu({ name, entries, testId }: { name: string; entries: MenuEntry[]; testId: string }) {
  const { t } = useTranslation('files');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const menuId = `item-menu-${id}`;
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('files:actions.menu', { name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`${testId}-menu`}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ list: { 'aria-label': t('files:actions.menu', { name }) } }}>
        {entries.map((e) =>
          e.href ? (
            <MenuItem key={e.key} component="a" href={e.href} target="_blank" rel="noopener noreferrer" onClick={close} data-testid={`${testId}-${e.key}`}>
              <ListItemIcon>{e.icon}</ListItemIcon>
              <ListItemText>{e.label}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem
              key={e.key}
              onClick={() => {
                close();
                e.onClick?.();
              }}
              sx={e.danger ? { color: 'error.main' } : undefined}
              data-testid={`${testId}-${e.key}`}
            >
              <ListItemIcon sx={e.danger ? { color: 'error.main' } : undefined}>{e.icon}</ListItemIcon>
              <ListItemText>{e.label}</ListItemText>
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}

/** A folder's name as shown: the profile and cover folders by what they hold, in the interface language. */
export function folderName(folder: Pick<FmFolder, 'kind' | 'name'>, t: (key: string) => string): string {
  return folder.kind === 'profile' ? t('files:folder.profile') : folder.kind === 'cover' ? t('files:folder.cover') : folder.name;
}

function FolderCard({ folder, to, onAction }: { folder: FmFolder; to: string; onAction: (a: FolderAction) => void }) {
  const { t } = useTranslation('files');
  const fixed = isCropperFolder(folder);
  const name = folderName(folder, t);
  return (
    <Card variant="outlined" sx={{ display: 'flex', alignItems: 'center', height: '100%' }} data-testid="folder-card" data-folder-id={folder.id} data-kind={folder.kind}>
      <CardActionArea component={RouterLink} to={to} sx={{ display: 'flex', justifyContent: 'flex-start', gap: 1.5, p: 1.5, minWidth: 0, flex: 1 }}>
        {fixed ? <FolderSpecialOutlinedIcon color="primary" /> : <FolderOutlinedIcon color="primary" />}
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" variant="body1" noWrap title={name} sx={{ fontWeight: 600 }} data-testid="folder-name" {...(!fixed && { 'data-user-content': true })}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="folder-count">
            {fixed ? t('files:folder.cropper_only') : t('files:folder.files', { count: folder.files_count })}
          </Typography>
        </Box>
      </CardActionArea>
      {!fixed && (
        <Box sx={{ pr: 0.5 }}>
          <ItemMenu
            name={name}
            testId="folder"
            entries={[
              { key: 'rename', label: t('files:actions.rename'), icon: <DriveFileRenameOutlineIcon fontSize="small" />, onClick: () => onAction('rename') },
              { key: 'delete', label: t('files:actions.delete'), icon: <DeleteOutlineIcon fontSize="small" />, danger: true, onClick: () => onAction('delete') },
            ]}
          />
        </Box>
      )}
    </Card>
  );
}

const TYPE_ICONS: Record<FileType, ReactNode> = {
  image: <ImageOutlinedIcon />,
  audio: <AudioFileOutlinedIcon />,
  video: <VideoFileOutlinedIcon />,
  document: <DescriptionOutlinedIcon />,
  other: <InsertDriveFileOutlinedIcon />,
};

function FileCard({ file, source, onAction }: { file: FmFile; source: FileSource; onAction: (a: FileAction) => void }) {
  const { t, i18n } = useTranslation('files');
  const size = useSizeText();
  // A preview that does not load (an expired link, YouTube out of reach) falls back to the type's icon.
  const [broken, setBroken] = useState(false);
  const preview = broken ? null : filePreview(file);
  const video = isVideoLink(file);
  const own = source === 'my';
  const kind = file.is_url ? (file.provider ? t(`files:card.${file.provider}`) : t('files:card.link')) : `${t(`files:types.${file.type}`)} · ${size(file.size)}`;
  const entry: Record<FileMenuAction, MenuEntry> = {
    open: { key: 'open', label: t('files:actions.open'), icon: <OpenInNewIcon fontSize="small" />, href: file.file_main_path },
    download: { key: 'download', label: t('files:actions.download'), icon: <DownloadOutlinedIcon fontSize="small" />, onClick: () => onAction('download') },
    rename: { key: 'rename', label: t('files:actions.rename'), icon: <DriveFileRenameOutlineIcon fontSize="small" />, onClick: () => onAction('rename') },
    share: { key: 'share', label: t('files:actions.share'), icon: <ShareOutlinedIcon fontSize="small" />, onClick: () => onAction('share') },
    delete: { key: 'delete', label: t('files:actions.delete'), icon: <DeleteOutlineIcon fontSize="small" />, danger: true, onClick: () => onAction('delete') },
  };
  const entries = fileActionsFor(file, source).map((a) => entry[a]);
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="file-card" data-file-id={file.id} data-type={file.type} data-url={file.is_url ? '1' : '0'}>
      <CardActionArea
        component="a"
        href={file.file_main_path}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('files:card.open_label', { name: file.title })}
        sx={{ display: 'block' }}
      >
        <Box
          sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', color: 'text.secondary', '& > svg': { fontSize: 56 } }}
          data-testid="file-preview"
        >
          {preview ? (
            <Box component="img" src={preview} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" onError={() => setBroken(true)} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          ) : file.is_url && !video ? (
            <LinkIcon />
          ) : (
            TYPE_ICONS[file.type] ?? TYPE_ICONS.other
          )}
          {video && (
            <Box
              data-testid="play-badge"
              aria-hidden
              sx={{ position: 'absolute', inset: 0, m: 'auto', width: 48, height: 48, borderRadius: '50%', bgcolor: 'rgba(0,0,0,0.6)', color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            >
              <PlayArrowIcon />
            </Box>
          )}
        </Box>
      </CardActionArea>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, p: 1.5, pr: 0.5, flexGrow: 1 }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h3" variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="file-title" data-user-content>
            {file.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" data-testid="file-meta">
            {kind}
          </Typography>
          {source === 'shared' && file.owner_name && (
            <Typography variant="caption" color="text.secondary" component="p" data-testid="file-owner">
              {t('files:card.shared_by', { name: file.owner_name })}
            </Typography>
          )}
          {own && file.shared_with.length > 0 && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="file-shared">
              <PeopleOutlineIcon sx={{ fontSize: 16 }} aria-hidden />
              {t('files:card.shared_with', { count: file.shared_with.length })}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="p">
            {t('files:card.updated', { date: formatDay(file.updated_at, i18n.language) })}
          </Typography>
        </Box>
        <ItemMenu name={file.title} testId="file" entries={entries} />
      </Box>
    </Card>
  );
}
