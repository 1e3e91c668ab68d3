// "From our partners" under the main site's lists of blogs and tutorials: the partners' posts of the
// list's type that the super admin chose, as cards linking to the post's page on its partner's
// site. Secondary content: nothing at all on partner sites, on the articles' list, while it loads,
// when none is chosen, or when it cannot be read.
import { Box, Card, CardActionArea, Grid, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { institutionName, localTitle } from '../../../lib/course-text';
import { useSite } from '../../../lib/site-context';
import type { PostType } from '../api/publishing-api';
import type { ShowcasePost } from '../api/showcase-api';
import { usePartnerPosts } from '../hooks/use-showcase';
import { cardLinkSx, PostCardBody } from './public-post-parts';

export function PartnerPosts({ type }: { type: PostType }) {
  const { t } = useTranslation('posts');
  const { site } = useSite();
  const headingId = useId();
  const kind = type === 'article' ? null : type;
  const { data } = usePartnerPosts(kind ?? 'blog', site.is_main && kind !== null);
  if (!kind || !site.is_main || !data?.length) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: { xs: 4, md: 6 } }} data-testid="partner-posts" data-kind={kind}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('partners.title')}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.map((post) => (
          <Grid key={post.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
            <PartnerPostCard post={post} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

/** A partner's post: one link, named by its title, to its page on the partner's site. */
function PartnerPostCard({ post }: { post: ShowcasePost }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const titleId = useId();
  return (
    <Card sx={{ height: '100%' }} data-testid="partner-post-card" data-showcase-id={post.id}>
      <CardActionArea component="a" href={post.url} aria-labelledby={titleId} sx={cardLinkSx}>
        <PostCardBody
          titleId={titleId}
          heading="h3"
          title={localTitle(post, lang)}
          picture={post.cover}
          kicker={institutionName(post, lang)}
          date={post.published_at}
          summary={post.summary}
        />
      </CardActionArea>
    </Card>
  );
}
