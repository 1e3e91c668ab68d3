// Posts as a table on a wide screen and as cards on a phone: cover, title, category, author (for
// those who see everyone's), status (with the reason of an unpublishing) and the last change. A
// writer edits and deletes their own; an approver publishes and unpublishes; a published post
// links to its public page.
import { Box, Button, IconButton, Stack, TableCell, TableRow, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { CourseThumbnail } from '../../../components/ui/course-thumbnail';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { categoryTitle, localName, localTitle } from '../../../lib/course-text';
import { formatDate } from '../../../lib/lang';
import { postPagePath, type Post } from '../api/publishing-api';
import { ListTable } from './list-table';
import { PostStatusChip } from './post-status-chip';

export interface PostListProps {
  items: Post[];
  lang: string;
  /** Publish / Unpublish are offered (approvers; the site's admin for articles). */
  approves: boolean;
  /** The author is shown (the caller sees others' posts too). */
  showAuthor: boolean;
  /** Whether the caller may edit and delete this post (their own). */
  canWrite: (p: Post) => boolean;
  /** The post being changed. */
  busy: number | null;
  onEdit: (p: Post) => void;
  onDelete: (p: Post) => void;
  onPublish: (p: Post) => void;
  onUnpublish: (p: Post) => void;
}

type RowProps = Omit<PostListProps, 'items'> & { post: Post };

function Actions({ post: p, approves, canWrite, busy, onEdit, onDelete, onPublish, onUnpublish }: RowProps) {
  const { t } = useTranslation('publishing');
  const disabled = busy === p.id;
  const title = p.title;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: { md: 'flex-end' } }}>
      {approves && (p.status === 'submitted' || p.status === 'unpublished') && (
        <Button size="small" variant="contained" color="success" disabled={disabled} onClick={() => onPublish(p)} data-testid="publish-post">
          {t('actions.publish')}
        </Button>
      )}
      {approves && p.status === 'published' && (
        <Button size="small" variant="outlined" color="warning" disabled={disabled} onClick={() => onUnpublish(p)} data-testid="unpublish-post">
          {t('actions.unpublish')}
        </Button>
      )}
      {p.status === 'published' && (
        <Tooltip title={t('actions.view')}>
          <IconButton component="a" href={postPagePath(p)} target="_blank" rel="noopener" aria-label={`${t('actions.view')}: ${title}`} data-testid="view-post">
            <OpenInNewIcon />
          </IconButton>
        </Tooltip>
      )}
      {canWrite(p) && (
        <>
          <Tooltip title={t('actions.edit')}>
            <IconButton disabled={disabled} onClick={() => onEdit(p)} aria-label={`${t('actions.edit')}: ${title}`} data-testid="edit-post">
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('actions.delete')}>
            <IconButton color="error" disabled={disabled} onClick={() => onDelete(p)} aria-label={`${t('actions.delete')}: ${title}`} data-testid="delete-post">
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Stack>
  );
}

/** The cover (a placeholder without one), the title in the interface's language, the category and tags. */
function Headline({ post: p, lang }: { post: Post; lang: string }) {
  const { t } = useTranslation('publishing');
  const category = categoryTitle(p.category, lang);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ position: 'relative', width: 80, flexShrink: 0, aspectRatio: '16 / 9', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
        <CourseThumbnail src={p.cover} iconSize={24} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="post-title" data-user-content>
          {localTitle(p, lang)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {category}
          {p.tags.length > 0 && ` · ${p.tags.map((tag) => `#${tag}`).join(' ')}`}
        </Typography>
        {p.type === 'article' && (p.news || p.popup) && (
          <Typography variant="caption" color="primary" component="div">
            {[p.news && t('list.news'), p.popup && t('list.popup')].filter(Boolean).join(' · ')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/** The status, and why an approver unpublished it. */
function Status({ post: p }: { post: Post }) {
  const { t } = useTranslation('publishing');
  const reason = p.status === 'unpublished' ? p.reason?.trim() : '';
  return (
    <>
      <PostStatusChip status={p.status} />
      {reason && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="post-reason" data-user-content>
          {t('list.reason', { reason })}
        </Typography>
      )}
    </>
  );
}

/** Wide screens: one row per post. */
export function PostsTable({ items, ...props }: PostListProps) {
  const { t } = useTranslation('publishing');
  return (
    <ListTable
      testId="posts-table"
      head={
        <>
          <TableCell>{t('list.title')}</TableCell>
          {props.showAuthor && <TableCell>{t('list.author')}</TableCell>}
          <TableCell>{t('list.status')}</TableCell>
          <TableCell>{t('list.updated')}</TableCell>
        </>
      }
    >
      {items.map((p) => (
        <TableRow key={p.id} hover data-testid="post-row" data-status={p.status}>
          <TableCell sx={{ maxWidth: 420 }}>
            <Headline post={p} lang={props.lang} />
          </TableCell>
          {props.showAuthor && <TableCell data-user-content>{localName(p.author, props.lang)}</TableCell>}
          <TableCell sx={{ maxWidth: 240 }}>
            <Status post={p} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(p.updated_at, props.lang)}</TableCell>
          <TableCell align="right">
            <Actions post={p} {...props} />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/** Phones: one block per post. */
export function PostCards({ items, ...props }: PostListProps) {
  const { t } = useTranslation('publishing');
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="post-cards">
      {items.map((p) => (
        <Box component="li" key={p.id} data-testid="post-row" data-status={p.status} sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
          <Headline post={p} lang={props.lang} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {props.showAuthor && (
              <>
                <Box component="span" data-user-content>
                  {t('list.by', { name: localName(p.author, props.lang) })}
                </Box>
                {' · '}
              </>
            )}
            {t('list.updated_at', { date: formatDate(p.updated_at, props.lang) })}
          </Typography>
          <Box sx={{ mt: 1 }}>
            <Status post={p} />
          </Box>
          <Box sx={{ mt: 1, ml: -1 }}>
            <Actions post={p} {...props} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
