// The public pages of blogs, tutorials, articles and the site's own pages behind one lazy chunk
// (each lazy route costs the start-up chunk some bytes): /{blogs,tutorials,articles}/lists and
// .../details/:id/:slug?, /page/details/:id/:slug, /faq, /our-team, /contact-us and /cookies. An id
// that is not a number is not found.
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { contentType, postIdParam, type PublicContent } from '../hooks/public-posts';
import { PublicPostList } from './public-post-list';
import { PublicPostPage } from './public-post-page';
import { ArticlePage, FaqPage, SitePage } from './site-pages';

export type PublicPageName = 'list' | 'details' | 'page' | 'faq' | 'team' | 'contact' | 'cookies';

export default function PublicPages({ page, content }: { page: PublicPageName; content?: PublicContent }) {
  const { id, slug } = useParams();
  switch (page) {
    case 'list': {
      const type = contentType(content);
      // Search, filters and page start afresh on another type.
      return type ? <PublicPostList key={type} type={type} /> : <NotFoundPage />;
    }
    case 'details': {
      const type = contentType(content);
      const postId = postIdParam(id);
      return type && postId ? <PublicPostPage key={`${type}-${postId}`} type={type} id={postId} /> : <NotFoundPage />;
    }
    case 'page':
      return <ArticlePage key={`${id}-${slug}`} id={postIdParam(id)} slug={slug} />;
    case 'faq':
      return <FaqPage />;
    case 'team':
    case 'contact':
    case 'cookies':
      return <SitePage key={page} slug={page} />;
  }
}
