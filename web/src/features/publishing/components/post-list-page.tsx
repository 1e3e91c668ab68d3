// /blogs/list, /tutorials/list and /articles/list: the posts of one type that the caller may see
// (a writer their own, an approver every one of the site's, the site's admin every article),
// searched (?search=), filtered by category (?category=) and status (?status=), a page at a time.
// A post is written in a dialog (?edit=new or ?edit=<id>, so that Back closes it on phones) and
// deleted after a confirmation. Approvers publish, and unpublish saying why if they wish. On the
// main site, the super admin also chooses the partners' blogs and tutorials that it shows.
import { Box, Button, InputAdornment, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { deferredOverlay, idleLazy } from '../../../components/ui/deferred-mui';
import { FilterSelect, useFilterParams } from '../../../components/ui/filter-select';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useToast } from '../../../components/ui/toast-provider';
import { categoryTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { idParam } from '../../../lib/list-params';
import type { MenuClass } from '../../../lib/menu-class';
import { useCurrentUser } from '../../../lib/session';
import { useSite } from '../../../lib/site-context';
import { useEditParam } from '../../../lib/use-edit-param';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { POST_STATUSES, type Post, type PostType } from '../api/publishing-api';
import { REASON_MAX, statusParam } from '../hooks/post-form';
import { deletePostMutation, publishPostMutation, useMyPosts, usePostCategories } from '../hooks/use-posts';
import { PostCards, PostsTable, type PostListProps } from './post-list';

// The editor's dialog comes in a chunk of its own (once the page is idle, or opened); the rich
// text editor inside it in another, fetched only when the dialog opens.
const PostEditorDialog = idleLazy(() => import('./post-editor-dialog'));
// The super admin's choice of partner posts: fetched when first opened.
const ShowcaseDialog = deferredOverlay(() => import('./showcase-dialog').then((m) => m.ShowcaseDialog));

const SEARCH_DELAY_MS = 350;

/**
 * Whether the caller publishes posts of this type: approvers (super admins and the blog and
 * tutorial approver) blogs and tutorials; the site's admin, who alone opens the page, articles.
 */
export function approvesType(type: PostType, cls: MenuClass): boolean {
  return type === 'article' || cls === 'super' || cls === 'approver';
}

export default function PostListPage({ type }: { type: PostType }) {
  const { t, i18n } = useTranslation(['publishing', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const { user, menuClass } = useCurrentUser();
  const approves = approvesType(type, menuClass);
  const { site } = useSite();
  // Only the super admin chooses partner posts, and only the main site shows them.
  const choosesShowcase = menuClass === 'super' && site.is_main && type !== 'article';
  const [showcaseOpen, setShowcaseOpen] = useState(false);
  const [params, setFilter] = useFilterParams();
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const status = statusParam(params.get('status'));
  const categoryId = idParam(params.get('category'));
  const [page, setPage] = usePageParam();
  const list = useMyPosts({ type, page, search, status, categoryId });
  const categories = usePostCategories(type);
  useClampPageParam(list.data?.last_page);
  const { edit, editUsed, openEdit, closeEdit } = useEditParam();

  const [deleting, setDeleting] = useState<Post | null>(null);
  const remove = useMutation(deletePostMutation(qc));
  const publish = useMutation(publishPostMutation(qc));
  const [unpublishing, setUnpublishing] = useState<Post | null>(null);
  const [reason, setReason] = useState('');

  // Debounced search: typing updates ?search= and goes back to page 1.
  useEffect(() => {
    if (typed.trim() === search) return;
    const id = setTimeout(() => setFilter('search', typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [typed, search, setFilter]);

  const onDelete = () => {
    if (!deleting) return;
    const p = deleting;
    remove.mutate(p, {
      onSuccess: () => toast.show(t('publishing:toast.deleted', { title: p.title })),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };
  const onPublish = (p: Post) =>
    publish.mutate(
      { post: p, publish: true },
      {
        onSuccess: () => toast.show(t('publishing:toast.published', { title: p.title })),
        onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      },
    );
  const openUnpublish = (p: Post) => {
    setUnpublishing(p);
    setReason('');
    publish.reset();
  };
  const onUnpublish = () => {
    if (!unpublishing) return;
    const p = unpublishing;
    publish.mutate(
      { post: p, publish: false, reason },
      {
        onSuccess: () => {
          setUnpublishing(null);
          toast.show(t('publishing:toast.unpublished', { title: p.title }));
        },
        onError: (err) => {
          // A refused reason stays in the dialog; anything else closes it.
          if (fieldErrorsOf(err).reason) return;
          setUnpublishing(null);
          toast.show(errorText(err), { severity: 'error' });
        },
      },
    );
  };

  const items = list.data?.data ?? [];
  const busy = remove.isPending ? (remove.variables?.id ?? null) : publish.isPending ? (publish.variables?.post.id ?? null) : null;
  const listProps: PostListProps = {
    items,
    lang,
    approves,
    // Approvers see everyone's posts; the site's admin every article.
    showAuthor: approves,
    // Articles are the site's, kept by its admin; blogs and tutorials their writer's, and the
    // approvers correct any (a correction keeps a published post published).
    canWrite: (p) => type === 'article' || approves || (!!user && p.author.id === user.id),
    busy,
    onEdit: (p) => openEdit(String(p.id)),
    onDelete: setDeleting,
    onPublish,
    onUnpublish: openUnpublish,
  };
  const filtered = !!(search || status || categoryId);
  const total = list.data?.total;
  const newButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddIcon />} onClick={() => openEdit('new')} data-testid="new-post">
      {t(`publishing:new.${type}`)}
    </Button>
  );

  return (
    <Box data-testid="post-list-page" data-type={type} data-approves={approves ? 'true' : 'false'}>
      <PageHeader
        title={t(`publishing:types.${type}`)}
        subtitle={total !== undefined ? t(`publishing:total.${type}`, { count: total, n: formatNumber(total, lang) }) : t(`publishing:hints.${type}`)}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {choosesShowcase && (
              <Button variant="outlined" startIcon={<HandshakeOutlinedIcon />} onClick={() => setShowcaseOpen(true)} data-testid="open-showcase">
                {t('publishing:showcase.title')}
              </Button>
            )}
            {newButton('contained')}
          </Stack>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <TextField
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('publishing:search')}
          fullWidth
          sx={{ maxWidth: { sm: 320 }, bgcolor: 'background.paper' }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { 'aria-label': t('publishing:search'), type: 'search' } }}
          data-testid="posts-search"
        />
        <FilterSelect
          id="posts-category"
          label={t('publishing:category')}
          value={categoryId ? String(categoryId) : ''}
          allLabel={t('publishing:all_categories')}
          options={[
            // The category asked for stays choosable while the list of them loads.
            ...(categoryId && !categories.data?.some((c) => c.id === categoryId) ? [{ value: String(categoryId), label: `#${formatNumber(categoryId, lang)}` }] : []),
            ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: categoryTitle(c, lang) })),
          ]}
          onChange={(v) => setFilter('category', v)}
          minWidth={200}
          testId="posts-category"
        />
        <FilterSelect
          id="posts-status"
          label={t('publishing:status')}
          value={status}
          allLabel={t('publishing:all_statuses')}
          options={POST_STATUSES.map((s) => ({ value: s, label: t(`publishing:statuses.${s}`) }))}
          onChange={(v) => setFilter('status', v)}
          minWidth={200}
          testId="posts-status"
        />
      </Stack>
      <ListCard
        list={list}
        page={page}
        onPage={setPage}
        rowHeight={52}
        emptyMessage={filtered ? t('publishing:empty_filtered') : t(`publishing:empty.${type}`)}
        emptyAction={!filtered && newButton('outlined')}
        table={<PostsTable {...listProps} />}
        cards={<PostCards {...listProps} />}
      />
      {editUsed && (
        <Suspense fallback={null}>
          <PostEditorDialog type={type} edit={edit} onClose={closeEdit} />
        </Suspense>
      )}
      {choosesShowcase && <ShowcaseDialog open={showcaseOpen} onClose={() => setShowcaseOpen(false)} />}
      <ConfirmDialog
        open={!!deleting}
        title={deleting ? t('publishing:delete_title', { title: deleting.title }) : ''}
        body={t('publishing:delete_body')}
        confirmLabel={t('publishing:actions.delete')}
        danger
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => !remove.isPending && setDeleting(null)}
      />
      <ReasonDialog
        open={!!unpublishing}
        title={t('publishing:unpublish.title')}
        body={unpublishing ? t('publishing:unpublish.body', { title: unpublishing.title }) : ''}
        label={t('publishing:unpublish.reason')}
        hint={(count) => t('publishing:unpublish.reason_hint', count)}
        max={REASON_MAX}
        confirmLabel={t('publishing:actions.unpublish')}
        reason={reason}
        error={fieldErrorsOf(publish.error).reason ?? null}
        optional
        busy={publish.isPending}
        onReason={(v) => {
          setReason(v);
          if (publish.error) publish.reset();
        }}
        onConfirm={onUnpublish}
        onClose={() => !publish.isPending && setUnpublishing(null)}
      />
    </Box>
  );
}
