// Pieces of the public post pages: the cover picture, what a card shows, the post's own HTML, its
// video, and the whole post as the details page and the site's pages (about, team, contact,
// cookies) show it.
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryTitle, formatDay, localName, localTitle } from '../../../lib/course-text';
import type { Post } from '../api/publishing-api';
import { durationText, isoDuration, postDate, postVideo } from '../hooks/public-posts';

/** A post's cover filling a 16:9 box; a neutral placeholder when there is none or it fails to load. */
export function PostCover({ src, priority, iconSize = 48 }: { src: string | null | undefined; priority?: boolean; iconSize?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'action.hover', overflow: 'hidden' }} data-testid="post-cover">
      {src && failed !== src ? (
        <Box
          component="img"
          src={src}
          // The title is next to it: the picture adds nothing a screen reader should say.
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          onError={() => setFailed(src)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'text.disabled' }}>
          <ArticleOutlinedIcon sx={{ fontSize: iconSize }} />
        </Box>
      )}
    </Box>
  );
}

/** Card height below the picture, fixed so that cards and skeletons line up. */
export const CARD_BODY_MIN_HEIGHT = 168;

/** A card's link: the whole card, its parts top to bottom. */
export const cardLinkSx = { height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' } as const;

export interface PostCardBodyProps {
  /** The title's id: the card link's aria-labelledby. */
  titleId: string;
  /** The title's heading level under the page's (or section's) heading. */
  heading: 'h2' | 'h3';
  title: string;
  picture: string | null;
  /** Drawn over the picture (a tutorial's duration). */
  badge?: ReactNode;
  /** Above the title: the category, or the partner's name. */
  kicker: string;
  /** The date shown (ISO 8601). */
  date: string;
  summary: string;
}

/** What a post's card shows inside its link: the picture, the kicker and the date, the title, the summary (clipped). */
export function PostCardBody({ titleId, heading, title, picture, badge, kicker, date, summary }: PostCardBodyProps) {
  const { i18n } = useTranslation();
  return (
    <>
      <Box sx={{ position: 'relative' }}>
        <PostCover src={picture} />
        {badge}
      </Box>
      <Box sx={{ p: 1.75, minHeight: CARD_BODY_MIN_HEIGHT, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', minWidth: 0 }}>
          <Typography variant="caption" sx={{ fontWeight: 700, color: 'primary.main' }} noWrap data-testid="post-card-kicker" data-user-content>
            {kicker}
          </Typography>
          <Typography variant="caption" component="time" dateTime={date} sx={{ flexShrink: 0 }}>
            {formatDay(date, i18n.language)}
          </Typography>
        </Stack>
        <Typography
          id={titleId}
          component={heading}
          data-testid="post-card-title"
          data-user-content
          sx={{ fontWeight: 700, fontSize: 17, lineHeight: 1.35, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {title}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          data-user-content
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {summary}
        </Typography>
      </Box>
    </>
  );
}

/**
 * The browser tab shows `title` while the page is open. The app shell sets the site's name in its
 * own effect, which runs after this one when the language changes: the microtask comes after both.
 */
export function useDocumentTitle(title: string | null | undefined) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    let live = true;
    document.title = title;
    queueMicrotask(() => {
      if (live) document.title = title;
    });
    return () => {
      live = false;
      document.title = before;
    };
  }, [title, i18n.language]);
}

/** A post's body: HTML written in the editor. */
export function PostBody({ html, testId = 'post-body' }: { html: string; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      data-user-content
      // Safe only because the server sanitises every post's body on the way in (docs/api-publishing.md:
      // no scripts, event handlers, styles or javascript: links; iframes only from YouTube and Vimeo).
      dangerouslySetInnerHTML={{ __html: html }}
      sx={{
        fontSize: 17,
        lineHeight: 1.75,
        overflowWrap: 'anywhere',
        '& h2, & h3, & h4': { lineHeight: 1.3, mt: 3, mb: 1 },
        '& img, & video': { maxWidth: '100%', height: 'auto' },
        '& iframe': { display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9', border: 0, borderRadius: 2 },
        '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
        '& td, & th': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& pre': { overflowX: 'auto', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
        '& a': { color: 'primary.main' },
      }}
    />
  );
}

const frameSx = { position: 'relative', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black', borderRadius: 2, overflow: 'hidden' } as const;

/** A tutorial's video: the YouTube or Vimeo player, the file in <video>, or a link to where it is. */
export function PostVideo({ url, title, poster }: { url: string; title: string; poster?: string | null }) {
  const { t } = useTranslation('posts');
  const video = postVideo(url);
  if (!video) return null;
  if (video.kind === 'link') {
    return (
      <Link href={video.href} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }} data-testid="post-video-link">
        {t('post.watch')}
        <OpenInNewIcon sx={{ fontSize: 16 }} titleAccess={t('post.new_tab')} />
      </Link>
    );
  }
  return (
    <Box sx={frameSx}>
      {video.kind === 'embed' ? (
        <Box
          component="iframe"
          src={video.src}
          title={title}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="post-video-embed"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      ) : (
        <Box
          component="video"
          controls
          preload="metadata"
          src={video.src}
          poster={poster ?? undefined}
          aria-label={title}
          data-testid="post-video-file"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        >
          {t('post.no_player')}
        </Box>
      )}
    </Box>
  );
}

/** Author, date and (tutorials) duration. */
export function PostMeta({ post }: { post: Post }) {
  const { t, i18n } = useTranslation('posts');
  const lang = i18n.language;
  const author = localName(post.author, lang);
  const duration = durationText(post.duration, lang);
  return (
    <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary' }} data-testid="post-meta">
      {author && (
        <Typography variant="body2" data-user-content>
          {t('post.by', { name: author })}
        </Typography>
      )}
      <Typography variant="body2" component="time" dateTime={postDate(post)}>
        {formatDay(postDate(post), lang)}
      </Typography>
      {post.type === 'tutorial' && duration && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <ScheduleIcon sx={{ fontSize: 18 }} />
          <Typography variant="body2" component="time" dateTime={isoDuration(post.duration)} data-testid="post-duration">
            {t('post.duration', { time: duration })}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}

/** The whole post: category, title, author and date, video or cover, body, tags. */
export function PostArticle({ post, showMeta = true }: { post: Post; showMeta?: boolean }) {
  const { t, i18n } = useTranslation('posts');
  const lang = i18n.language;
  const title = localTitle(post, lang);
  useDocumentTitle(title);
  const category = categoryTitle(post.category, lang);
  const video = post.type === 'tutorial' ? post.video_url : null;
  return (
    <Box component="article" data-testid="post-article" data-post-id={post.id}>
      <Stack spacing={1.5} sx={{ mb: 3 }}>
        {category && showMeta && <Chip label={category} size="small" color="primary" variant="outlined" sx={{ alignSelf: 'flex-start' }} data-user-content />}
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 34 }, overflowWrap: 'anywhere' }} data-testid="post-title" data-user-content>
          {title}
        </Typography>
        {showMeta && <PostMeta post={post} />}
      </Stack>
      {video ? (
        <Box sx={{ mb: 3 }}>
          <PostVideo url={video} title={title} poster={post.cover} />
        </Box>
      ) : post.cover ? (
        <Box sx={{ mb: 3, borderRadius: 2, overflow: 'hidden' }}>
          <PostCover src={post.cover} priority />
        </Box>
      ) : null}
      <PostBody html={post.body} />
      {post.tags.length > 0 && (
        <Box component="section" aria-label={t('post.tags')} sx={{ mt: 4 }}>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} data-testid="post-tags">
            {post.tags.map((tag) => (
              <Chip key={tag} label={`#${tag}`} size="small" data-user-content />
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
