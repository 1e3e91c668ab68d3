// The dashboard's figures on the partner site `dhaka`, with the demo data (its term of 24 learners
// enrolled over the last twelve weeks, tenant-api/src/demo/dashboard.rs):
// (1) The site's admin, in Bangla on a 360 px phone, reads the site's figures: the learners' total
//     in Bangla digits is the server's, the learners by gender and the enrolment chart are drawn,
//     nothing is wider than the screen; then the last 7 days are chosen, which goes to the address
//     and to the calls (a point per day).
// (2) A learner sees their own learning, not the site's figures.
import { expect, test } from '@playwright/test';
import { chooseLanguage, expectFitsWidth, partnerURL, shot } from './helpers';
import { LEARNER, signInOn } from './seed';

const site = () => partnerURL('dhaka');
const ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };
/** "১,২৩৪" -> 1234. */
const fromBangla = (s: string | null) => Number((s ?? '').replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[^0-9]/g, ''));
const answered = (path: string) => (r: { url(): string; status(): number }) => new URL(r.url()).pathname === path && r.status() === 200;

test("the site's admin reads its figures in Bangla on a phone and narrows the dates", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInOn(page, site(), ADMIN);
  await chooseLanguage(page, 'bn');
  const learners = page.waitForResponse(answered('/api/v3/dashboard/total/learner'));
  await page.goto(`${site()}/dashboard`);
  const data = (await (await learners).json()).data as { total: number; range: { start_date: string; end_date: string } };
  expect(data.total, "the demo's term of learners").toBeGreaterThanOrEqual(24);

  const figures = page.getByTestId('site-figures');
  const total = figures.getByTestId('figures-learners-total');
  await expect(total).toHaveText(/^[০-৯,]+$/);
  expect(fromBangla(await total.textContent())).toBe(data.total);
  await expect(figures.getByTestId('figures-gender-female')).toBeVisible();
  await expect(figures.getByTestId('figures-completion-percent')).toHaveText(/[০-৯]/);
  // The enrolment chart, drawn (an SVG in its figure).
  await expect(figures.getByRole('figure').first().locator('svg').first()).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'dashboard-figures-bn-360');
  await figures.getByTestId('figures-enrolment-summary').scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-figures-chart-bn-360');

  // The last 7 days: in the address, and a point a day.
  const week = page.waitForResponse((r) => answered('/api/v3/dashboard/enrollment')(r) && new URL(r.url()).searchParams.get('start_date') !== data.range.start_date);
  await figures.getByTestId('figures-preset-7d').click();
  await page.waitForURL((u) => !!u.searchParams.get('from') && u.searchParams.get('from') !== data.range.start_date);
  const series = (await (await week).json()).data as { step: string; points: unknown[] };
  expect(series).toMatchObject({ step: 'day' });
  expect(series.points).toHaveLength(7);
});

test('a learner sees their own learning, not the figures of the site', async ({ page }) => {
  await signInOn(page, site(), LEARNER);
  await chooseLanguage(page, 'bn');
  const track = page.waitForResponse(answered('/api/v3/dashboard/learnTrack'));
  await page.goto(`${site()}/dashboard`);
  const mine = (await (await track).json()).data as { enrolled: number };
  await expect(page.getByTestId('learning-track')).toBeVisible();
  await expect(page.getByTestId('learning-enrolled')).toContainText(new Intl.NumberFormat('bn-BD').format(mine.enrolled));
  await expect(page.getByTestId('site-figures')).toHaveCount(0);
  await shot(page, 'dashboard-learning-track-bn');
});
