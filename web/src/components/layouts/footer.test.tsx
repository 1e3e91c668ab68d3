import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE } from '../../lib/site';
import { SiteProvider } from '../../lib/site-context';
import { href, render, tag, text } from '../../lib/test-render';
import type { SiteInfo } from '../../lib/types';
import { Footer } from './footer';

const footer = (lang: 'en' | 'bn' = 'en', site: SiteInfo = DEFAULT_SITE) =>
  render(
    lang,
    <SiteProvider initial={site}>
      <Footer />
    </SiteProvider>,
  );

describe('the footer', () => {
  it("links the site's pages, blogs and tutorials (SPEC §2)", async () => {
    const html = await footer();
    expect(href(html, 'footer-about')).toBe('/page/details/1/about');
    expect(href(html, 'footer-our_team')).toBe('/our-team');
    expect(href(html, 'footer-blogs')).toBe('/blogs/lists');
    expect(href(html, 'footer-tutorials')).toBe('/tutorials/lists');
    expect(href(html, 'footer-faq')).toBe('/faq');
    expect(href(html, 'footer-contact')).toBe('/contact-us');
    expect(href(html, 'footer-certificate-check')).toBe('/certificate/check');
    const bn = text(await footer('bn'));
    for (const label of ['আমাদের সম্পর্কে', 'আমাদের টিম', 'ব্লগ', 'টিউটোরিয়াল', 'সচরাচর জিজ্ঞাসা', 'যোগাযোগ']) expect(bn).toContain(label);
  });
  it('has a Feedback link that opens the form in place (its code fetched when pressed), unless the site turned feedback off', async () => {
    const html = await footer('bn');
    expect(tag(html, 'footer-feedback')).toMatch(/^<button[^>]*type="button"/);
    expect(text(html)).toContain('মতামত দিন');
    expect(tag(html, 'feedback-dialog')).toBe('');
    const off = { ...DEFAULT_SITE, site_config: { ...DEFAULT_SITE.site_config, modules: { ...DEFAULT_SITE.site_config.modules, learner_feedback: false } } };
    expect(tag(await footer('en', off), 'footer-feedback')).toBe('');
  });
});
