// A page of folders (the top level, or a folder's subfolders) as cards that open the folder, each
// with rename, move, share and delete, and whom it is shared with.
import { Box, Card, CardActionArea, CardContent, Grid, IconButton, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { parsePage, withPage } from '../../../lib/pager';
import type { Folder } from '../api/questions-api';
import { useFolderPage } from '../hooks/use-questions';
import { FolderDeleteDialog, FolderMoveDialog, FolderNameDialog } from './folder-dialogs';
import { FolderShareDialog, SharedCount, ShareIcon } from './question-parts';

type ActionKind = 'rename' | 'move' | 'share' | 'delete';
type Action = { kind: ActionKind; folder: Folder } | null;

/** `pageParam`: the query parameter of this grid's pager ("page" unless the page has another list). */
export function FolderGrid({ parentId, pageParam = 'page', empty }: { parentId: number | null; pageParam?: string; empty: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get(pageParam));
  const query = useFolderPage(parentId, page);
  const [action, setAction] = useState<Action>(null);
  const close = () => setAction(null);

  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (pageParam === 'page') setParams(withPage(next, p));
    else {
      if (p <= 1) next.delete(pageParam);
      else next.set(pageParam, String(p));
      setParams(next);
    }
  };

  if (query.isLoading) {
    return (
      <Grid container spacing={2}>
        {Array.from({ length: 3 }, (_, i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
            <Skeleton variant="rounded" height={120} />
          </Grid>
        ))}
      </Grid>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const folders = query.data?.data ?? [];
  return (
    <Box data-testid="folder-grid">
      {folders.length === 0 ? (
        empty
      ) : (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {folders.map((f) => (
            <Grid key={f.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <FolderCard folder={f} onAction={(kind) => setAction({ kind, folder: f })} />
            </Grid>
          ))}
        </Grid>
      )}
      <Pager page={page} lastPage={query.data?.last_page ?? 1} onChange={setPage} />
      <FolderNameDialog open={action?.kind === 'rename'} folder={action?.kind === 'rename' ? action.folder : null} onClose={close} />
      <FolderMoveDialog open={action?.kind === 'move'} folder={action?.kind === 'move' ? action.folder : null} onClose={close} />
      <FolderShareDialog folder={action?.kind === 'share' ? action.folder : null} people={action?.kind === 'share' ? (action.folder.shared_with ?? []) : undefined} onClose={close} />
      <FolderDeleteDialog open={action?.kind === 'delete'} folder={action?.kind === 'delete' ? action.folder : null} onClose={close} />
    </Box>
  );
}

function FolderCard({ folder: f, onAction }: { folder: Folder; onAction: (kind: ActionKind) => void }) {
  const { t } = useTranslation('questions');
  const button = (kind: ActionKind, icon: ReactNode) => (
    <Tooltip title={t(`folders.${kind}`)}>
      <IconButton
        size="small"
        color={kind === 'delete' ? 'error' : 'default'}
        aria-label={`${t(`folders.${kind}`)}: ${f.name}`}
        onClick={() => onAction(kind)}
        data-testid={`folder-${kind}`}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="folder-card" data-folder-id={f.id}>
      <CardActionArea component={RouterLink} to={`/question-bank/folders/${f.id}`} sx={{ flexGrow: 1 }}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <FolderOutlinedIcon color="primary" />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, wordBreak: 'break-word' }} data-testid="folder-name" data-user-content>
              {f.name}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="folder-counts">
            {t('folders.questions', { count: f.question_count ?? 0 })} · {t('folders.folders', { count: f.folder_count ?? 0 })}
          </Typography>
          <SharedCount count={f.shared_with?.length} />
        </CardContent>
      </CardActionArea>
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', px: 1, pb: 1 }}>
        {button('rename', <DriveFileRenameOutlineIcon fontSize="small" />)}
        {button('move', <DriveFileMoveOutlinedIcon fontSize="small" />)}
        {button('share', <ShareIcon fontSize="small" />)}
        {button('delete', <DeleteOutlineIcon fontSize="small" />)}
      </Stack>
    </Card>
  );
}
