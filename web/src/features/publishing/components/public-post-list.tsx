// /blogs/lists, /tutorials/lists, /articles/lists: the published posts of a type as cards, with
// category chips, a search box and the pager (query parameters category_id, search, page); on the
// main site, the partners' posts of the type that the super admin chose, under them.
import { Box, Button, Card, CardActionArea, Chip, Container, Grid, Skeleton, Stack, TextField } from '@mui/material';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { categoryTitle, localTitle } from '../../../lib/course-text';
import { idParam, withParam } from '../../../lib/list-params';
import { POST_PATHS, postPagePath, type Post, type PostType } from '../api/publishing-api';
import { cardPicture, durationText, postDate, usePostCategories, usePublicPosts } from '../hooks/public-posts';
import { PartnerPosts } from './partner-posts';
import { CARD_BODY_MIN_HEIGHT, cardLinkSx, PostCardBody, useDocumentTitle } from './public-post-parts';

export function PublicPostList({ type }: { type: PostType }) {
  const { t, i18n } = useTranslation('posts');
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const search = params.get('search')?.trim() ?? '';
  const categoryId = idParam(params.get('category_id'));
  const { data, isLoading, isFetching, isPlaceholderData, error, refetch } = usePublicPosts(type, page, search, categoryId);
  useClampPageParam(data && !isPlaceholderData ? data.last_page : undefined);
  const categories = usePostCategories(type).data ?? [];
  const title = t(`types.${type}`);
  useDocumentTitle(title);

  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(withParam(params, 'search', text.trim()));
  };
  const setCategory = (id: number | null) => setParams(withParam(params, 'category_id', id ? String(id) : ''));
  const filtered = !!search || categoryId !== null;
  const clear = `/${POST_PATHS[type]}/lists`;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, pb: { xs: 10, md: 5 } }} data-testid="public-post-list" data-type={type}>
      <PageHeader title={title} subtitle={t(`list.subtitle.${type}`)} />
      <Box component="form" role="search" onSubmit={submit} sx={{ mb: 2 }}>
        <Stack direction="row" spacing={1}>
          <TextField
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('list.search_placeholder')}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { 'aria-label': t('list.search_placeholder'), enterKeyHint: 'search', 'data-testid': 'post-search-input' } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
            {t('list.search')}
          </Button>
        </Stack>
      </Box>
      {categories.length > 0 && (
        <Stack
          direction="row"
          useFlexGap
          spacing={1}
          role="group"
          aria-label={t('list.categories')}
          sx={{ flexWrap: 'wrap', mb: 3 }}
          data-testid="post-category-chips"
        >
          <Chip label={t('list.all')} clickable onClick={() => setCategory(null)} color={categoryId === null ? 'primary' : 'default'} aria-pressed={categoryId === null} />
          {categories.map((c) => (
            <Chip
              key={c.id}
              label={categoryTitle(c, lang)}
              clickable
              onClick={() => setCategory(c.id)}
              color={categoryId === c.id ? 'primary' : 'default'}
              aria-pressed={categoryId === c.id}
              data-user-content
            />
          ))}
        </Stack>
      )}

      {error && !data ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : isLoading ? (
        <Grid container spacing={2} aria-busy data-testid="post-list-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <PostCardSkeleton />
            </Grid>
          ))}
        </Grid>
      ) : !data || data.data.length === 0 ? (
        <EmptyState
          message={search ? t('list.empty_search', { search }) : t(`list.empty.${type}`)}
          action={
            filtered ? (
              <Button component={RouterLink} to={clear} variant="outlined">
                {t('list.clear')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <Grid
            container
            spacing={2}
            component="ul"
            aria-busy={isFetching}
            data-testid="post-cards"
            sx={{ listStyle: 'none', p: 0, m: 0, opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}
          >
            {data.data.map((post) => (
              <Grid key={post.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <PostCard post={post} />
              </Grid>
            ))}
          </Grid>
          <Pager page={page} lastPage={data.last_page} onChange={setPage} />
        </>
      )}
      <PartnerPosts type={type} />
    </Container>
  );
}

/** A post's card: one link named by the post's title. */
export function PostCard({ post }: { post: Post }) {
  const { t, i18n } = useTranslation('posts');
  const lang = i18n.language;
  const titleId = useId();
  const duration = post.type === 'tutorial' ? durationText(post.duration, lang) : '';
  return (
    <Card sx={{ height: '100%' }} data-testid="post-card" data-post-id={post.id}>
      <CardActionArea component={RouterLink} to={postPagePath(post)} aria-labelledby={titleId} sx={cardLinkSx}>
        <PostCardBody
          titleId={titleId}
          heading="h2"
          title={localTitle(post, lang)}
          picture={cardPicture(post)}
          badge={
            duration && (
              <Chip
                size="small"
                icon={<ScheduleIcon />}
                label={duration}
                aria-label={t('post.duration', { time: duration })}
                data-testid="post-card-duration"
                sx={{ position: 'absolute', right: 8, bottom: 8, bgcolor: 'rgba(0,0,0,.72)', color: 'common.white', '& .MuiChip-icon': { color: 'inherit' } }}
              />
            )
          }
          kicker={categoryTitle(post.category, lang)}
          date={postDate(post)}
          summary={post.summary}
        />
      </CardActionArea>
    </Card>
  );
}

export function PostCardSkeleton() {
  return (
    <Card sx={{ height: '100%' }} aria-hidden>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <Box sx={{ p: 1.75, minHeight: CARD_BODY_MIN_HEIGHT }}>
        <Skeleton width="45%" />
        <Skeleton width="90%" sx={{ mt: 1 }} />
        <Skeleton width="70%" />
        <Skeleton width="100%" sx={{ mt: 1 }} />
        <Skeleton width="85%" />
      </Box>
    </Card>
  );
}
