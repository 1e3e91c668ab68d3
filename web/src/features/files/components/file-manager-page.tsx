// /filemanager/<source>: My Files (folders, files, links, the storage used; upload, new folder,
// add URL, and per item open, download, rename, share, delete; in the profile and cover folders
// the picture cropper instead of uploads), Shared Files (what colleagues
// share with me: open and download) and Purchase Files (files of content bought). Type tabs, a
// debounced search and the pager are in the address (?type=, ?search=, ?page=), and so is the
// folder open (?folder=), so that reloading and Back keep the place; another tab goes back to the
// top level (SPEC 4). Folders come first, then the files, latest updated first.
import { Box, Breadcrumbs, Button, Card, InputAdornment, Link, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddLinkIcon from '@mui/icons-material/AddLink';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import FolderSharedOutlinedIcon from '@mui/icons-material/FolderSharedOutlined';
import SearchIcon from '@mui/icons-material/Search';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import SortIcon from '@mui/icons-material/Sort';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ShareDialog } from '../../../components/ui/share-dialog';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { withParam } from '../../../lib/list-params';
import { useErrorText } from '../../../lib/use-error-text';
import { downloadStoredFile, type FileSource, type FmFile, type FmFolder } from '../api/files-api';
import { folderParam, isCropperFolder, tabParam, tabType, withFolder, withTab } from '../hooks/file-manager';
import { shareFileSaved, useMyFiles, useOtherFiles, type DeleteTarget } from '../hooks/use-files';
import { AddUrlDialog } from './add-url-dialog';
import { CropperNote, CropPictureButton, useCropPicture } from './crop-picture';
import { FileGrid, FileGridSkeleton, folderName, type FileAction, type FolderAction } from './file-grid';
import { SourceNav, TypeTabs } from './file-manager-nav';
import { DeleteDialog, RenameDialog, type RenameTarget } from './item-dialogs';
import { NewFolderInput } from './new-folder-input';
import { StorageBar } from './storage-bar';
import { UploadDialog } from './upload-dialog';

const SEARCH_DELAY_MS = 350;
const PANEL_ID = 'files-panel';

export default function FileManagerPage({ source }: { source: FileSource }) {
  const { t } = useTranslation(['files', 'common']);
  const theme = useTheme();
  // The column of sources beside the list once there is room for both beside the side navigation.
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const navigate = useNavigate();
  const toast = useToast();
  const qc = useQueryClient();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const tab = tabParam(params.get('type'));
  const type = tabType(tab);
  const search = (params.get('search') ?? '').trim();
  const [typed, setTyped] = useState(search);
  const folderId = source === 'my' ? folderParam(params.get('folder')) : null;
  const [page, setPage] = usePageParam();
  const mine = useMyFiles({ folderId, type, search, page }, source === 'my');
  const others = useOtherFiles(source === 'shared' ? 'shared' : 'purchase', { type, search, page }, source !== 'my');
  const query = source === 'my' ? mine : others;
  const filesPage = source === 'my' ? mine.data?.files : others.data;
  useClampPageParam(filesPage?.last_page);

  const [uploading, setUploading] = useState(false);
  const [addingUrl, setAddingUrl] = useState(false);
  const [newFolder, setNewFolder] = useState(false);
  const [renaming, setRenaming] = useState<RenameTarget | null>(null);
  const [sharing, setSharing] = useState<FmFile | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);

  // Debounced search: typing updates ?search= (back on page 1).
  const sentSearch = useRef(search);
  useEffect(() => {
    if (typed.trim() === search) return;
    const id = setTimeout(() => {
      sentSearch.current = typed.trim();
      setParams(withParam(params, 'search', typed.trim()), { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [typed, search, params, setParams]);
  // The search changed by something else (a folder opened, Back): the box follows.
  useEffect(() => {
    if (search === sentSearch.current) return;
    sentSearch.current = search;
    setTyped(search);
  }, [search]);

  // Another folder or tab: the new folder's input goes.
  useEffect(() => {
    setNewFolder(false);
  }, [folderId, tab]);

  const path = mine.data?.path ?? [];
  const current: FmFolder | null = folderId ? (path[path.length - 1] ?? null) : null;
  const cropper = isCropperFolder(current);
  // The profile and cover folders: pictures come through the cropper.
  const cropping = useCropPicture(source === 'my' && cropper ? current : null);
  const here = current ? folderName(current, t) : t('files:sources.my');
  const folderLink = (f: FmFolder | null) => {
    const qs = withFolder(params, f?.id ?? null).toString();
    return `/filemanager/my${qs ? `?${qs}` : ''}`;
  };

  const onFileAction = (action: FileAction, file: FmFile) => {
    if (action === 'download') {
      downloadStoredFile(file).catch((err: unknown) => toast.show(errorText(err), { severity: 'error' }));
    } else if (action === 'rename') setRenaming({ kind: 'file', item: file });
    else if (action === 'share') setSharing(file);
    else setDeleting({ kind: 'file', item: file });
  };
  const onFolderAction = (action: FolderAction, folder: FmFolder) => {
    if (action === 'rename') setRenaming({ kind: 'folder', item: folder });
    else setDeleting({ kind: 'folder', item: folder });
  };

  const folders = source === 'my' ? (mine.data?.directories ?? []) : [];
  const files = filesPage?.data ?? [];
  const filtered = !!(search || type);
  const notFound = source === 'my' && mine.error instanceof ApiError && mine.error.status === 404;

  const emptyMessage =
    source === 'shared'
      ? filtered
        ? t('files:list.empty_filtered')
        : t('files:list.empty_shared')
      : source === 'purchase'
        ? t('files:list.empty_purchase')
        : filtered
          ? t('files:list.empty_filtered')
          : current
            ? t('files:list.empty_folder')
            : t('files:list.empty_my');
  const emptyIcon = source === 'shared' ? <FolderSharedOutlinedIcon /> : source === 'purchase' ? <ShoppingBagOutlinedIcon /> : undefined;

  let content: React.ReactNode;
  if (query.isLoading) content = <FileGridSkeleton />;
  else if (notFound) {
    content = (
      <Card variant="outlined">
        <EmptyState
          icon={<FolderOffOutlinedIcon />}
          message={t('files:folder.not_found')}
          action={
            <Button component={RouterLink} to={folderLink(null)} data-testid="files-back-top">
              {t('files:folder.back_top')}
            </Button>
          }
        />
      </Card>
    );
  } else if (query.error) content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!folders.length && !files.length && !newFolder) {
    content = (
      <Card variant="outlined">
        <EmptyState message={emptyMessage} icon={emptyIcon} />
      </Card>
    );
  } else {
    content = (
      <FileGrid
        source={source}
        folders={folders}
        files={files}
        folderLink={folderLink}
        onFileAction={onFileAction}
        onFolderAction={onFolderAction}
        leading={newFolder ? <NewFolderInput parentId={folderId} onDone={() => setNewFolder(false)} /> : undefined}
        stale={query.isPlaceholderData}
      />
    );
  }

  const actions = source === 'my' && !notFound && (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="files-actions">
      {cropper && <CropPictureButton busy={cropping.loading} onPick={cropping.pick} />}
      {!cropper && (
        <Button variant="contained" startIcon={<CloudUploadOutlinedIcon />} onClick={() => setUploading(true)} data-testid="files-upload">
          {t('files:actions.upload')}
        </Button>
      )}
      {!cropper && (
        <Button variant="outlined" startIcon={<CreateNewFolderOutlinedIcon />} onClick={() => setNewFolder(true)} disabled={newFolder} data-testid="files-new-folder">
          {t('files:actions.new_folder')}
        </Button>
      )}
      {!cropper && (
        <Button variant="outlined" startIcon={<AddLinkIcon />} onClick={() => setAddingUrl(true)} data-testid="files-add-url">
          {t('files:actions.add_url')}
        </Button>
      )}
    </Stack>
  );

  return (
    <Box data-testid="file-manager-page" data-source={source}>
      <PageHeader title={t('files:title')} subtitle={t(`files:hints.${source}`)} />
      <Box sx={{ display: 'flex', flexDirection: wide ? 'row' : 'column', gap: wide ? 3 : 0, alignItems: 'flex-start' }}>
        <SourceNav source={source} wide={wide} />
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }} data-testid="files-source-heading">
            {t(`files:sources.${source}`)}
          </Typography>
          {source === 'my' && mine.data?.storage && <StorageBar storage={mine.data.storage} />}
          <TypeTabs tab={tab} panelId={PANEL_ID} onChange={(next) => setParams(withTab(params, next))} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
            <TextField
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={t('files:search.placeholder')}
              size="small"
              type="search"
              sx={{ flex: { sm: '1 1 220px' }, maxWidth: { sm: 360 }, bgcolor: 'background.paper' }}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
                htmlInput: { 'aria-label': t('files:search.label'), 'data-testid': 'files-search' },
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="files-sort">
              <SortIcon fontSize="small" aria-hidden />
              {t('files:sort.label')}: {t('files:sort.latest')}
            </Typography>
            <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
            {actions}
          </Stack>
          {source === 'my' && current && (
            <Breadcrumbs aria-label={t('files:breadcrumb')} sx={{ mb: 2 }} data-testid="files-breadcrumb">
              <Link component={RouterLink} to={folderLink(null)} underline="hover" color="inherit">
                {t('files:sources.my')}
              </Link>
              {path.slice(0, -1).map((f) => (
                <Link key={f.id} component={RouterLink} to={folderLink(f)} underline="hover" color="inherit" data-user-content>
                  {folderName(f, t)}
                </Link>
              ))}
              <Typography color="text.primary" aria-current="page" data-testid="files-current-folder" data-user-content>
                {here}
              </Typography>
            </Breadcrumbs>
          )}
          {cropper && current && <CropperNote kind={current.kind} problem={cropping.problem} />}
          <Box id={PANEL_ID} role="tabpanel" aria-labelledby={`files-tab-${tab}`}>
            {content}
          </Box>
          <Pager page={filesPage?.current_page ?? page} lastPage={filesPage?.last_page ?? 1} onChange={setPage} />
        </Box>
      </Box>
      {source === 'my' && (
        <>
          <UploadDialog open={uploading} tab={tab} folderId={folderId} place={here} onClose={() => setUploading(false)} />
          {cropping.dialog}
          <AddUrlDialog open={addingUrl} folderId={folderId} type={type} onClose={() => setAddingUrl(false)} />
          <RenameDialog target={renaming} onClose={() => setRenaming(null)} />
          <ShareDialog
            open={!!sharing}
            title={t('files:share.title')}
            name={sharing?.title ?? ''}
            people={sharing?.shared_with}
            save={(users) => shareFileSaved(qc, sharing?.id ?? 0, users)}
            onClose={() => setSharing(null)}
          />
          <DeleteDialog
            target={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={(target) => {
              // The folder open went with the one deleted: back to the top level.
              if (target.kind === 'folder' && path.some((f) => f.id === target.item.id)) navigate(folderLink(null), { replace: true });
            }}
          />
        </>
      )}
    </Box>
  );
}
