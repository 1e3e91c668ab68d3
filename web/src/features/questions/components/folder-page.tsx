// /question-bank/folders/:slug (slug = the folder id): the way up (breadcrumb), the folder's
// subfolders and its questions, "create question here", importing into / exporting the folder, and
// sharing it (with every question in it) with colleagues.
import { Box, Breadcrumbs, Button, Card, IconButton, Link, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { folderPath } from '../../../lib/folder-tree';
import { useAllFolders } from '../hooks/use-questions';
import { FolderDeleteDialog, FolderMoveDialog, FolderNameDialog } from './folder-dialogs';
import { FolderShareDialog, SharedCount, ShareIcon } from './question-parts';
import { FolderGrid } from './folder-grid';
import { QuestionFileActions } from './question-file-actions';
import { QuestionList } from './question-list';

export default function FolderPage() {
  const { slug = '' } = useParams();
  const id = Number(slug);
  const { t } = useTranslation(['questions', 'common']);
  const navigate = useNavigate();
  const folders = useAllFolders();
  const [dialog, setDialog] = useState<'create' | 'rename' | 'move' | 'share' | 'delete' | null>(null);
  const valid = Number.isInteger(id) && id > 0;
  const path = valid ? folderPath(folders.data ?? [], id) : [];
  // The every-folder list says whom each folder is shared with.
  const folder = path.at(-1);

  if (!valid) return <Navigate to="/question-bank/folders" replace />;
  if (folders.isLoading) {
    return (
      <Box>
        <Skeleton width={240} sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  if (folders.isError) return <ErrorState error={folders.error} onRetry={() => folders.refetch()} />;
  if (!folder) {
    return (
      <Card>
        <EmptyState
          icon={<FolderOffOutlinedIcon />}
          message={t('questions:folders.not_found')}
          action={
            <Button component={RouterLink} to="/question-bank/folders">
              {t('questions:folders.back')}
            </Button>
          }
        />
      </Card>
    );
  }

  const iconAction = (kind: 'rename' | 'move' | 'share' | 'delete', icon: React.ReactNode) => (
    <Tooltip title={t(`questions:folders.${kind}`)}>
      <IconButton aria-label={`${t(`questions:folders.${kind}`)}: ${folder.name}`} color={kind === 'delete' ? 'error' : 'default'} onClick={() => setDialog(kind)} data-testid={`this-folder-${kind}`}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box data-testid="folder-page" data-folder-id={folder.id}>
      <Breadcrumbs aria-label={t('questions:folders.breadcrumb')} sx={{ mb: 1.5 }} data-testid="folder-breadcrumb">
        <Link component={RouterLink} to="/question-bank/folders" underline="hover" color="inherit">
          {t('questions:folders.title')}
        </Link>
        {path.slice(0, -1).map((f) => (
          <Link key={f.id} component={RouterLink} to={`/question-bank/folders/${f.id}`} underline="hover" color="inherit" data-user-content>
            {f.name}
          </Link>
        ))}
        <Typography color="text.primary" aria-current="page" data-user-content>
          {folder.name}
        </Typography>
      </Breadcrumbs>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }} data-testid="folder-heading" data-user-content>
            {folder.name}
          </Typography>
          {iconAction('rename', <DriveFileRenameOutlineIcon fontSize="small" />)}
          {iconAction('move', <DriveFileMoveOutlinedIcon fontSize="small" />)}
          {iconAction('share', <ShareIcon fontSize="small" />)}
          {iconAction('delete', <DeleteOutlineIcon fontSize="small" />)}
          <SharedCount count={folder.shared_with?.length} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          <Button variant="outlined" startIcon={<CreateNewFolderOutlinedIcon />} onClick={() => setDialog('create')} data-testid="create-subfolder">
            {t('questions:folders.create_sub')}
          </Button>
          <Button component={RouterLink} to={`/question-bank/create?folder_id=${folder.id}`} variant="contained" startIcon={<AddIcon />} data-testid="create-question-here">
            {t('questions:folders.create_here')}
          </Button>
        </Stack>
      </Box>

      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('questions:folders.subfolders')}
      </Typography>
      <Box sx={{ mb: 4 }}>
        <FolderGrid
          key={folder.id}
          parentId={folder.id}
          pageParam="fpage"
          empty={
            <Typography variant="body2" color="text.secondary" data-testid="no-subfolders">
              {t('questions:folders.sub_empty')}
            </Typography>
          }
        />
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('questions:folders.questions')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          <QuestionFileActions key={folder.id} folderId={folder.id} buttonSx={{ flex: { xs: 1, sm: 'none' } }} />
        </Stack>
      </Box>
      <QuestionList key={`q-${folder.id}`} folderId={folder.id} />

      <FolderNameDialog open={dialog === 'create'} folder={null} parent={folder} onClose={() => setDialog(null)} />
      <FolderNameDialog open={dialog === 'rename'} folder={folder} onClose={() => setDialog(null)} />
      <FolderMoveDialog open={dialog === 'move'} folder={folder} onClose={() => setDialog(null)} />
      <FolderShareDialog folder={dialog === 'share' ? folder : null} people={folder.shared_with} onClose={() => setDialog(null)} />
      <FolderDeleteDialog
        open={dialog === 'delete'}
        folder={folder}
        onClose={() => setDialog(null)}
        onDeleted={(f) => navigate(f.parent_id != null ? `/question-bank/folders/${f.parent_id}` : '/question-bank/folders', { replace: true })}
      />
    </Box>
  );
}
