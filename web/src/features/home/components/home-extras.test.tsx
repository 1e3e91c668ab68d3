import { QueryClient } from '@tanstack/react-query';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../../i18n/catalogues';
import { ApiError } from '../../../lib/api-client';
import { homeExtrasKeys, type Feedback, type Slider } from '../../../lib/site-extras';
import { fetchCall, input, json, noop, render, runMutation, stubFetch, tag, text, useWordedErrors } from '../../../lib/test-render';
import { EMPTY_FEEDBACK, FEEDBACK_FIELDS, feedbackBody, feedbackProblems, sendFeedbackMutation, type FeedbackFormValues } from '../hooks/home-extras';
import { FeedbackForm, useFeedbackProblemText, type FeedbackFormProps } from './feedback-dialog';
import HomeFeedback from './home-feedback';
import HomeSlider, { slideTexts } from './home-slider';

afterEach(() => {
  vi.unstubAllGlobals();
});

const slide = (over: Partial<Slider> = {}): Slider => ({
  id: 1,
  title: 'Admissions open',
  title_bn: 'ভর্তি চলছে',
  subtitle: 'Spring batch starts in April.',
  subtitle_bn: 'বসন্তের ব্যাচ এপ্রিলে শুরু।',
  image: '/post-media/0123456789abcdef0123456789abcdef.jpg',
  link: 'https://example.com/admission',
  position: 1,
  start_date: null,
  end_date: null,
  active: true,
  created_at: '2026-02-20T04:30:00Z',
  updated_at: '2026-02-20T04:30:00Z',
  ...over,
});

const feedback = (over: Partial<Feedback> = {}): Feedback => ({
  id: 1,
  name: 'Nusrat Jahan',
  designation: 'Student, Class 10',
  message: 'পদার্থবিজ্ঞানের ক্লাসগুলো খুব সহজ করে বোঝানো হয়।',
  rating: 5,
  status: 'approved',
  user_id: 4,
  photo: null,
  created_at: '2026-03-02T04:30:00Z',
  ...over,
});

const count = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"`, 'g'))?.length ?? 0;

function withSlides(slides: Slider[] | undefined) {
  const qc = new QueryClient();
  if (slides) qc.setQueryData(homeExtrasKeys.sliders, slides);
  return qc;
}

describe('the home slider', () => {
  it('shows one slide at a time, in Bangla with title_bn and subtitle_bn, leading to its link, with previous / next and a dot per slide', async () => {
    const slides = [slide(), slide({ id: 2, title: 'Eid holidays', title_bn: null, subtitle: null, subtitle_bn: null, link: null })];
    const html = await render('bn', <HomeSlider />, { qc: withSlides(slides) });
    expect(count(html, 'slide')).toBe(1);
    expect(tag(html, 'slide')).toContain('data-slide-id="1"');
    expect(tag(html, 'slide')).toContain('aria-label="২টির মধ্যে ১"');
    expect(tag(html, 'slide-title')).toMatch(/^<h2/);
    expect(text(html)).toContain('ভর্তি চলছে');
    expect(text(html)).toContain('বসন্তের ব্যাচ এপ্রিলে শুরু।');
    expect(text(html)).not.toContain('Admissions open');
    expect(tag(html, 'slide-image')).toContain('src="/post-media/0123456789abcdef0123456789abcdef.jpg"');
    // Another site's link opens in a new tab.
    expect(tag(html, 'slide-link')).toContain('href="https://example.com/admission"');
    expect(tag(html, 'slide-link')).toContain('rel="noopener noreferrer"');
    expect(tag(html, 'slide-previous')).toContain('aria-label="আগের স্লাইড"');
    expect(tag(html, 'slide-next')).toContain('aria-label="পরের স্লাইড"');
    expect(count(html, 'slide-dot')).toBe(2);
    expect(html).toMatch(/aria-label="১ নম্বর স্লাইড দেখান" aria-current="true"/);
    // It moves by itself (no pointer over it, no focus in it, no reduced motion asked), unannounced.
    expect(tag(html, 'home-slider')).toContain('data-playing="true"');
    expect(html).toContain('aria-live="off"');

    // English, and a slide without Bangla texts shows its English ones in Bangla too.
    const en = await render('en', <HomeSlider />, { qc: withSlides(slides) });
    expect(text(en)).toContain('Admissions open');
    expect(tag(en, 'slide-next')).toContain('aria-label="Next slide"');
    expect(slideTexts(slides[1], 'bn')).toEqual({ title: 'Eid holidays', subtitle: '' });
    expect(slideTexts(slides[0], 'en')).toEqual({ title: 'Admissions open', subtitle: 'Spring batch starts in April.' });
  });

  it('has no buttons, dots or timer for a single slide, and no link when the slide has none', async () => {
    const html = await render('en', <HomeSlider />, { qc: withSlides([slide({ link: null })]) });
    expect(count(html, 'slide')).toBe(1);
    expect(tag(html, 'slide-previous')).toBe('');
    expect(tag(html, 'slide-dots')).toBe('');
    expect(tag(html, 'slide-link')).toBe('');
    expect(tag(html, 'home-slider')).toContain('data-playing="false"');
    // An address of this site opens in the same tab.
    const own = await render('en', <HomeSlider />, { qc: withSlides([slide({ link: '/search/lists' })]) });
    expect(tag(own, 'slide-link')).toContain('href="/search/lists"');
    expect(tag(own, 'slide-link')).not.toContain('target=');
  });

  it('draws nothing without slides, while they load or when they could not be read', async () => {
    expect(await render('bn', <HomeSlider />, { qc: withSlides([]) })).toBe('');
    expect(await render('bn', <HomeSlider />, { qc: withSlides(undefined) })).toBe('');
  });
});

describe('the home feedback section', () => {
  it('shows at most six approved feedback cards (name, designation, stars, message) and the Send feedback button', async () => {
    const qc = new QueryClient();
    qc.setQueryData(
      homeExtrasKeys.feedback,
      Array.from({ length: 7 }, (_, i) => feedback({ id: i + 1, name: `Learner ${i + 1}`, rating: (i % 5) + 1, designation: i === 1 ? null : 'Student' })),
    );
    const html = await render('bn', <HomeFeedback />, { qc });
    expect(count(html, 'feedback-card')).toBe(6);
    expect(tag(html, 'home-feedback')).toContain('data-count="6"');
    const shown = text(html);
    for (const s of ['শিক্ষার্থীরা যা বলছেন', 'Learner 1', 'Learner 6', 'Student', 'পদার্থবিজ্ঞানের ক্লাসগুলো খুব সহজ করে বোঝানো হয়।', 'মতামত দিন']) expect(shown, s).toContain(s);
    expect(shown).not.toContain('Learner 7');
    expect(html).toMatch(/role="img"[^>]*aria-label="1 Star"/);
    expect(html).toMatch(/role="img"[^>]*aria-label="5 Stars"/);
    expect(tag(html, 'open-feedback')).not.toBe('');
    // The form's code is not fetched until the button is pressed.
    expect(tag(html, 'feedback-dialog')).toBe('');
  });

  it('shows only the invitation and the button without approved feedback', async () => {
    const qc = new QueryClient();
    qc.setQueryData(homeExtrasKeys.feedback, []);
    const html = await render('en', <HomeFeedback />, { qc });
    expect(count(html, 'feedback-card')).toBe(0);
    expect(html).not.toMatch(/<h2/);
    expect(text(html)).toContain('Learning with us? Tell us how it is going.');
    expect(text(html)).toContain('Send feedback');
  });
});

describe('the Send feedback form', () => {
  const values = (over: Partial<FeedbackFormValues> = {}): FeedbackFormValues => ({
    ...EMPTY_FEEDBACK,
    name: ' Nusrat Jahan ',
    message: ' Very clear lessons. ',
    rating: 5,
    ...over,
  });

  it('checks the values as the server does and sends the body it takes to POST /my-account/feedback/create', async () => {
    expect(feedbackProblems(values())).toEqual({});
    expect(feedbackProblems(values({ name: ' ', message: '', rating: null }))).toEqual({ name: 'required', message: 'required', rating: 'invalid_rating' });
    expect(feedbackProblems(values({ email: 'nusrat@', designation: 'x'.repeat(101), message: 'y'.repeat(1001) }))).toEqual({ email: 'invalid_email', designation: 'too_long', message: 'too_long' });
    // Signed in, the account's name stands for the field.
    expect(feedbackProblems(values({ name: '' }), 'Rahima Khatun')).toEqual({});

    expect(feedbackBody(values({ designation: ' Student ', email: ' ' }))).toEqual({ name: 'Nusrat Jahan', designation: 'Student', email: null, message: 'Very clear lessons.', rating: 5 });
    const post = stubFetch(() => json({ data: { ...feedback(), status: 'pending' } }, 201));
    await runMutation(sendFeedbackMutation(), { values: values({ email: 'nusrat@example.com', rating: 4 }), accountName: null });
    const [url, init] = fetchCall(post);
    expect(url).toBe('/my-account/feedback/create');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Nusrat Jahan', designation: null, email: 'nusrat@example.com', message: 'Very clear lessons.', rating: 4 });
    await runMutation(sendFeedbackMutation(), { values: values({ name: 'typed' }), accountName: 'Rahima Khatun' });
    expect(JSON.parse(String(fetchCall(post, 1)[1].body))).toMatchObject({ name: 'Rahima Khatun' });
  });

  const form = (over: Partial<FeedbackFormProps> = {}) => (
    <FeedbackForm values={values()} accountName={null} errors={{}} busy={false} onChange={noop} onSend={noop} onCancel={noop} {...over} />
  );

  function Worded({ v, err, checked = false }: { v: FeedbackFormValues; err?: unknown; checked?: boolean }) {
    const worded = useWordedErrors(FEEDBACK_FIELDS, err, useFeedbackProblemText(), checked ? feedbackProblems(v) : {});
    return form({ values: v, errors: worded });
  }

  it('has name, designation, e-mail, a 1 to 5 star rating and the message; a signed-in name is the account’s, read-only', async () => {
    const html = await render('bn', form());
    expect(tag(html, 'feedback-form')).toMatch(/^<form/);
    expect(input(html, 'feedback-name')).toContain('value=" Nusrat Jahan "');
    expect(input(html, 'feedback-name')).not.toContain('readOnly');
    expect(input(html, 'feedback-designation')).not.toBe('');
    expect(input(html, 'feedback-email')).toContain('type="email"');
    expect(html).toMatch(/<textarea[^>]*id="feedback-message"/);
    const stars = [...html.matchAll(/<input[^>]*name="feedback-rating"[^>]*value="(\d)"/g)].map((m) => m[1]);
    expect(stars).toEqual(['1', '2', '3', '4', '5']);
    const checked = [...html.matchAll(/<input[^>]*name="feedback-rating"[^>]*>/g)].filter((m) => m[0].includes('checked')).map((m) => /value="(\d*)"/.exec(m[0])?.[1]);
    expect(checked).toEqual(['5']);
    for (const s of ['মতামত দিন', 'নাম', 'পদবি', 'ই-মেইল (ঐচ্ছিক)', 'আপনার রেটিং', 'বার্তা', 'পাঠান']) expect(text(html), s).toContain(s);
    expect(tag(html, 'send-feedback')).toContain('type="submit"');

    const signedIn = await render('en', form({ accountName: 'Rahima Khatun' }));
    expect(input(signedIn, 'feedback-name')).toContain('value="Rahima Khatun"');
    expect(input(signedIn, 'feedback-name')).toContain('readOnly');
    expect(text(signedIn)).toContain('As on your account.');
  });

  it('shows the client’s and the server’s refusals under their fields', async () => {
    const checked = await render('en', <Worded v={values({ name: '', rating: null, email: 'nusrat@' })} checked />);
    expect(input(checked, 'feedback-name')).toContain('aria-invalid="true"');
    expect(text(checked)).toContain('This field is required.');
    expect(tag(checked, 'feedback-rating-error')).not.toBe('');
    expect(text(checked)).toContain('Choose a rating from 1 to 5 stars.');
    expect(text(checked)).toContain('Enter a valid e-mail address');

    const refused = new ApiError(422, 'x', 'validation_failed', { message: ['বার্তা সর্বোচ্চ ১০০০ অক্ষরের হতে পারে।'], rating: ['রেটিং ১ থেকে ৫ হতে হবে।'] });
    const server = await render('bn', <Worded v={values()} err={refused} />);
    expect(server).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*id="feedback-message"|<textarea[^>]*id="feedback-message"[^>]*aria-invalid="true"/);
    expect(text(server)).toContain('বার্তা সর্বোচ্চ ১০০০ অক্ষরের হতে পারে।');
    expect(text(server)).toContain('রেটিং ১ থেকে ৫ হতে হবে।');
    expect(input(server, 'feedback-name')).not.toContain('aria-invalid="true"');
  });
});

describe('the page-weight rules of the home page', () => {
  const src = join(__dirname, '../../..');
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  }

  it('loads the slider, the feedback section and the form lazily, with their texts in their own namespace', () => {
    const home = readFileSync(join(__dirname, 'home-page.tsx'), 'utf8');
    expect(home).toContain("lazy(() => import('./home-slider'))");
    expect(home).toContain("lazy(() => import('./home-feedback'))");
    const footer = readFileSync(join(src, 'components/layouts/footer.tsx'), 'utf8');
    expect(footer).toContain("lazy(() => import('../../features/home/components/feedback-dialog'))");
    for (const f of sources(src)) {
      const code = readFileSync(f, 'utf8');
      // A static import would pull the module into its importer's chunk (the home page's, the footer's).
      expect(/(?:import|export)[^;(]*from '[^']*(?:home-slider|home-feedback|feedback-dialog)'/.test(code), relative(src, f)).toBe(false);
    }
    expect(NAMESPACES).toContain('extras');
    expect(home).not.toContain('extras:');
    expect(footer).not.toContain('extras');
  });

  it('keeps features/home apart from features/publishing', () => {
    for (const f of sources(join(src, 'features/home'))) expect(readFileSync(f, 'utf8'), relative(src, f)).not.toMatch(/features\/publishing|\.\.\/\.\.\/publishing\//);
  });
});
