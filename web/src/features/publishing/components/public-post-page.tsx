// /blogs/details/:id/:slug?, and the same for tutorials and articles: one published post. The slug
// is only for people reading the address: the id names the post.
import { Box, Button, Container, Skeleton, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { ErrorState } from '../../../components/ui/error-state';
import { POST_PATHS, type PostType } from '../api/publishing-api';
import { isNotFound, usePublicPost } from '../hooks/public-posts';
import { PostArticle } from './public-post-parts';

export function PublicPostPage({ type, id }: { type: PostType; id: number }) {
  const { t } = useTranslation('posts');
  const { data: post, error, refetch } = usePublicPost(type, id);
  if (isNotFound(error)) return <NotFoundPage />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, pb: { xs: 10, md: 5 } }} data-testid="public-post-page">
      <Button component={RouterLink} to={`/${POST_PATHS[type]}/lists`} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 2 }}>
        {t(`post.back.${type}`)}
      </Button>
      {post ? <PostArticle post={post} /> : error ? <ErrorState error={error} onRetry={() => refetch()} /> : <PostSkeleton />}
    </Container>
  );
}

export function PostSkeleton() {
  return (
    <Box aria-busy data-testid="post-loading">
      <Stack spacing={1.5} sx={{ mb: 3 }}>
        <Skeleton width={96} height={28} />
        <Skeleton variant="text" sx={{ fontSize: 34 }} width="85%" />
        <Skeleton width="40%" />
      </Stack>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto', borderRadius: 2, mb: 3 }} />
      {[100, 96, 98, 70].map((w, i) => (
        <Skeleton key={i} width={`${w}%`} />
      ))}
    </Box>
  );
}
