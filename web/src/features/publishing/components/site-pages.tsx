// The site's own pages, written as articles by its admin: /page/details/:id/:slug (an article;
// /page/details/1/about is the about page), /faq, /our-team, /contact-us and /cookies.
import { Accordion, AccordionDetails, AccordionSummary, Box, Container, Link, Skeleton, Stack, Typography } from '@mui/material';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { localTitle } from '../../../lib/course-text';
import { useSite } from '../../../lib/site-context';
import type { Post } from '../api/publishing-api';
import { isNotFound, useAboutUs, useFaqs, usePublicPost, useSitePage, type SitePageSlug } from '../hooks/public-posts';
import { PostArticle, PostBody, useDocumentTitle } from './public-post-parts';
import { PostSkeleton } from './public-post-page';

function PageFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, pb: { xs: 10, md: 5 } }} data-testid={testId}>
      {children}
    </Container>
  );
}

/** A query's post, its loading and error states; `fallback` when the site has not written it. */
function PostOrFallback({ query, fallback }: { query: { data?: Post | null; error: unknown; refetch: () => unknown }; fallback: ReactNode }) {
  if (query.data) return <PostArticle post={query.data} showMeta={false} />;
  if (query.data === null) return <>{fallback}</>;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <PostSkeleton />;
}

/** A page's heading and a note, where the site has not written the page yet. */
function DefaultPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} />
      {children}
    </>
  );
}

/** /page/details/:id/:slug: the about page for the slug `about`, else the article `id`. */
export function ArticlePage({ id, slug }: { id: number | null; slug: string | undefined }) {
  return slug === 'about' ? <AboutPage /> : id ? <ArticleById id={id} /> : <NotFoundPage />;
}

function AboutPage() {
  const { t } = useTranslation('posts');
  const query = useAboutUs();
  return (
    <PageFrame testId="about-page">
      <PostOrFallback
        query={query}
        fallback={
          <DefaultPage title={t('pages.about')}>
            <EmptyState message={t('pages.about_empty')} />
          </DefaultPage>
        }
      />
    </PageFrame>
  );
}

function ArticleById({ id }: { id: number }) {
  const query = usePublicPost('article', id);
  if (isNotFound(query.error)) return <NotFoundPage />;
  return (
    <PageFrame testId="article-page">
      <PostOrFallback query={query} fallback={null} />
    </PageFrame>
  );
}

/** /faq: the questions (articles of category `faq`) in the order written, each opening its answer. */
export function FaqPage() {
  const { t, i18n } = useTranslation('posts');
  const { data, error, refetch } = useFaqs();
  const title = t('pages.faq');
  useDocumentTitle(title);
  return (
    <PageFrame testId="faq-page">
      <PageHeader title={title} />
      {error && !data ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : !data ? (
        <Stack spacing={1} aria-busy>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rectangular" height={56} sx={{ borderRadius: 1 }} />
          ))}
        </Stack>
      ) : data.length === 0 ? (
        <EmptyState message={t('pages.faq_empty')} />
      ) : (
        <Box data-testid="faq-list">
          {data.map((faq) => (
            <Accordion key={faq.id} disableGutters slotProps={{ heading: { component: 'h2' } }} data-testid="faq-item">
              <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`faq-${faq.id}-question`} aria-controls={`faq-${faq.id}-answer`}>
                <Typography component="span" sx={{ fontWeight: 600 }} data-user-content>
                  {localTitle(faq, i18n.language)}
                </Typography>
              </AccordionSummary>
              {/* The accordion names its answer region by the question (the summary's id and aria-controls). */}
              <AccordionDetails>
                <PostBody html={faq.body} testId="faq-answer" />
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
    </PageFrame>
  );
}

const SITE_PAGE_TITLES: Record<SitePageSlug, string> = { team: 'pages.team', contact: 'pages.contact', cookies: 'pages.cookies' };

/** /our-team, /contact-us, /cookies: the newest article of the page's category, else a default. */
export function SitePage({ slug }: { slug: SitePageSlug }) {
  const { t } = useTranslation('posts');
  const query = useSitePage(slug);
  return (
    <PageFrame testId={`site-page-${slug}`}>
      <PostOrFallback
        query={query}
        fallback={
          <DefaultPage title={t(SITE_PAGE_TITLES[slug])}>
            {slug === 'contact' ? <DefaultContact /> : slug === 'cookies' ? <DefaultCookies /> : <EmptyState message={t('pages.team_empty')} />}
          </DefaultPage>
        }
      />
    </PageFrame>
  );
}

/**
 * The site's own contact details, where the site information carries them. Today's SiteInfo has
 * none (docs/api-foundation.md), so this shows the empty state until the server sends
 * `contact_email` / `contact_phone` (as an institution has them).
 */
function DefaultContact() {
  const { t } = useTranslation('posts');
  const { site } = useSite();
  const { contact_email: email, contact_phone: phone } = site as { contact_email?: string | null; contact_phone?: string | null };
  if (!email && !phone) return <EmptyState message={t('pages.contact_empty')} />;
  return (
    <Stack spacing={1.5} data-testid="default-contact">
      {email && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <EmailOutlinedIcon color="action" />
          <Typography>
            {t('pages.contact_email')}: <Link href={`mailto:${email}`}>{email}</Link>
          </Typography>
        </Stack>
      )}
      {phone && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PhoneOutlinedIcon color="action" />
          <Typography>
            {t('pages.contact_phone')}: <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</Link>
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}

/** What the platform keeps in the browser, where the site has written no cookie notice of its own. */
function DefaultCookies() {
  const { t } = useTranslation('posts');
  return (
    <Stack spacing={1.5} data-testid="default-cookies" sx={{ fontSize: 17, lineHeight: 1.75 }}>
      <Typography>{t('pages.cookies_intro')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
        <li>{t('pages.cookies_token')}</li>
        <li>{t('pages.cookies_lang')}</li>
        <li>{t('pages.cookies_settings')}</li>
      </Box>
      <Typography>{t('pages.cookies_none')}</Typography>
    </Stack>
  );
}
