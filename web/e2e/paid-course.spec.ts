// A paid course on the partner site `dhaka`, with the demo data: "Higher Mathematics: Foundations
// of Calculus" has one batch, "Merit batch", at 1,500 taka, which two demo learners bought through
// the local SSLCommerz gateway (infra/payments/sslcommerz.py; E2E_GATEWAY_URL is its address).
// (1) A new learner (registered by this spec, so every run starts clean and the demo learners'
//     orders stay as they are), in Bangla on a 360 px phone, finds the course, sees its price in
//     Bangla digits, cancels at the gateway, lands on the cancel page, buys again and pays, lands on
//     the success page (polled until the gateway's word is in), starts learning, and finds both
//     orders on /payments.
// (2) The partner admin of dhaka, in Bangla on a desktop, finds that payment in the site's learner
//     payments by the learner's e-mail address, and sees the site's totals (at least the two demo
//     purchases and this one).
// (3) The demo teacher of dhaka has no Accounts in the side menu.
// (5) sylhet's partner admin, in Bangla on a phone, sees that its learners pay into its own
//     SSLCommerz store (the demo's "sylhetlocal" at the local gateway) and its own bKash wallet (the
//     demo's "sylhetwallet" at the local bKash), and a wrong store password is
//     refused by the gateway on its field, the store left as it was.
// (4) Another new learner, in Bangla on a phone, applies the demo coupon EID-2026 (20 % off), pays
//     the lower price with bKash in the local wallet (infra/payments/bkash.py; E2E_BKASH_URL), and
//     sees the discount on the success page; the partner admin, also on a phone, refunds that order
//     in full, and the learner is offered to buy the course again.
// (6) dhaka's partner admin, in Bangla on a phone, asks the platform to pay out 50 taka of its share
//     with a note; the super admin, in Bangla on the main site, finds the request among those
//     waiting and approves it; the partner admin sees it approved.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot, SUPER } from './helpers';
import { call, signInOn, stampNow, TEACHER } from './seed';

const SLUG = 'dhaka';
const site = () => partnerURL(SLUG);
const gatewayURL = process.env.E2E_GATEWAY_URL || 'http://127.0.0.1:8050';
const bkashURL = process.env.E2E_BKASH_URL || 'http://127.0.0.1:8060';
const ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };
const COURSE = { title: 'Higher Mathematics: Foundations of Calculus', titleBn: 'উচ্চতর গণিত: ক্যালকুলাসের ভিত্তি' };
const BATCH_BN = 'মেধা ব্যাচ';
/** The batch's price: 1,500 taka. */
const PRICE_POISHA = 150_000;
const PRICE_BN = '১,৫০০';
/** The demo coupon of dhaka: 20 % off, so 1,200 taka. */
const COUPON = 'EID-2026';
const DISCOUNT_POISHA = 30_000;
const COUPON_PRICE_POISHA = PRICE_POISHA - DISCOUNT_POISHA;
const PASSWORD = 'kolom-khata-2026';

const bn = catalogue('bn');
/** A Bangla text of the shipped catalogue ("ns:key"). */
const text = (key: string) => {
  const value = bn[key];
  expect(value, key).toBeTruthy();
  return value;
};
/** Whole taka in Bangla as the interface writes it ("১,৫০০৳"). */
const takaBn = (poisha: number) =>
  new Intl.NumberFormat('bn-BD', { style: 'currency', currency: 'BDT', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(poisha / 100);
/** "৪,৫০০৳" -> 4500. */
const fromBanglaTaka = (s: string) => Number(s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[^0-9]/g, ''));

/** What the first test leaves for the others. */
const run = { email: '', name: '', paid: '', cancelled: '' };

/** A new learner signs up through dhaka's registration page, in Bangla (the session is theirs then). */
async function signUp(page: Page) {
  const stamp = stampNow();
  const learner = { name: `Paid Learner ${stamp}`, email: `paid-${stamp}@example.com` };
  await page.goto(`${site()}/registration`);
  await chooseLanguage(page, 'bn');
  await page.locator('#name').fill(learner.name);
  await page.locator('#email').fill(learner.email);
  await page.locator('#password').fill(PASSWORD);
  await page.getByTestId('registration-form').locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('my-courses')).toBeVisible();
  return learner;
}

/** Sign in through dhaka's login page (the site's own role). */
async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${site()}/login`);
  await page.locator('#email').fill(who.email);
  await page.locator('#password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('welcome-card')).toBeVisible();
}

/** The gateway's hosted page for this order: 1500.00 BDT and the three choices. */
async function expectGateway(page: Page) {
  await page.waitForURL((u) => u.href.startsWith(`${gatewayURL}/gwprocess/v4/gw.php?`) && u.searchParams.get('Q') === 'pay' && !!u.searchParams.get('SESSIONKEY'));
  await expect(page.locator('.amount')).toHaveText('1500.00 BDT');
  for (const id of ['#pay', '#fail', '#cancel']) await expect(page.locator(id)).toBeVisible();
}

/** "Buy": the order is opened (the browser leaves for the gateway at once, so only the status is read). */
async function buyNow(page: Page, buy: Locator) {
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/course/transactions/create');
  await buy.click();
  expect([200, 201], 'POST /course/transactions/create').toContain((await created).status());
  await expectGateway(page);
}

/** The enrolment card of the course page, with its Bangla price. */
async function expectPaidCard(page: Page) {
  const card = page.getByTestId('enrol-card');
  await expect(card).toBeVisible();
  const buy = card.getByTestId('buy-button');
  await expect(buy, 'a seat is left in the Merit batch (50 seats, and every run of this spec takes one: reset the demo data when it is full)').toBeEnabled();
  await expect(buy).toHaveText(text('learn:enrol.buy').replace('{{price}}', takaBn(PRICE_POISHA)));
  await expect(buy).toContainText('৳');
  await expect(buy).toContainText(PRICE_BN);
  await expect(card.getByText(takaBn(PRICE_POISHA), { exact: true })).toBeVisible();
  await expect(card.getByTestId('batch-option')).toHaveCount(1);
  await expect(card.getByTestId('batch-option')).toContainText(BATCH_BN);
  return buy;
}

test.describe.serial('a paid course on dhaka', () => {
  test('a new learner cancels at the gateway, then buys the course and starts learning, in Bangla on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    Object.assign(run, await signUp(page));

    // The course from the search page, by its Bangla title.
    await page.goto(`${site()}/search/lists?search=${encodeURIComponent('ক্যালকুলাস')}`);
    const card = page.getByTestId('search-results').getByTestId('course-card').filter({ hasText: COURSE.titleBn });
    await expect(card).toHaveCount(1);
    const uuid = (await card.getAttribute('data-uuid'))!;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    await card.getByRole('link').first().click();
    await page.waitForURL(`**/course/details/${uuid}`);
    await expect(page.getByTestId('course-title')).toHaveText(COURSE.titleBn);
    const details = `${site()}/course/details/${uuid}`;

    // The price in Bangla digits, on the card and its "buy" button.
    let buy = await expectPaidCard(page);
    // The card in the middle of the screen, clear of the sticky header and the bottom bar.
    await page.getByTestId('enrol-card').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expectFitsWidth(page);
    await shot(page, 'paid-course-card-bn-360');

    // First: to the gateway and back without paying.
    await buyNow(page, buy);
    await expectFitsWidth(page);
    await shot(page, 'paid-course-gateway-360');
    await page.locator('#cancel').click();
    await page.waitForURL(new RegExp(`^${site()}/payment/cancel/[0-9a-f-]{36}$`));
    run.cancelled = page.url().split('/').pop()!;
    const outcome = page.getByTestId('payment-outcome');
    await expect(outcome).toHaveAttribute('data-state', 'cancelled');
    await expect(outcome.getByRole('heading', { level: 1 })).toHaveText(text('payments:outcome.cancelled_title'));
    await expect(outcome.getByTestId('fact-amount').locator('dd')).toHaveText(takaBn(PRICE_POISHA));
    await expect(outcome.getByTestId('fact-course').locator('dd')).toHaveText(COURSE.titleBn);
    await expect(outcome.getByTestId('start-learning')).toHaveCount(0);
    const back = outcome.getByTestId('try-again');
    await expect(back).toHaveText(text('payments:outcome.try_again'));
    await expect(back).toHaveAttribute('href', `/course/details/${uuid}`);
    await expectFitsWidth(page);
    await shot(page, 'paid-course-cancelled-bn-360');

    // Then: back to the course, buy again and pay.
    await back.click();
    await page.waitForURL(details);
    buy = await expectPaidCard(page);
    await buyNow(page, buy);
    await page.locator('#pay').click();
    await page.waitForURL(new RegExp(`^${site()}/payment/(success|fail|cancel)/[0-9a-f-]{36}$`));
    expect(page.url(), 'paid: the success page').toMatch(/\/payment\/success\//);
    run.paid = page.url().split('/').pop()!;
    expect(run.paid, 'a new order, not the cancelled one').not.toBe(run.cancelled);
    // The gateway's word may still be on its way: the page polls (every 2 s) until it is paid.
    await expect(outcome).toHaveAttribute('data-state', 'paid', { timeout: 60_000 });
    await expect(outcome.getByRole('heading', { level: 1 })).toHaveText(text('payments:outcome.paid_title'));
    await expect(outcome).toContainText(text('payments:outcome.paid_body').replace('{{course}}', COURSE.titleBn));
    await expect(outcome.getByTestId('fact-amount').locator('dd')).toHaveText(takaBn(PRICE_POISHA));
    await expect(outcome.getByTestId('fact-batch').locator('dd')).toHaveText(BATCH_BN);
    await expect(outcome.getByTestId('fact-paid-at')).toBeVisible();
    await expect(outcome.getByTestId('fact-bank-tran-id').locator('dd')).toHaveText(/^\w+$/);
    const start = outcome.getByTestId('start-learning');
    await expect(start).toHaveText(text('payments:outcome.start_learning'));
    await expectFitsWidth(page);
    await shot(page, 'paid-course-success-bn-360');

    await start.click();
    await page.waitForURL(new RegExp(`/course/journey/${uuid}(\\?lesson=\\d+)?$`));
    await expect(page.getByTestId('journey-title')).toHaveText(COURSE.titleBn);
    await expectFitsWidth(page);

    // The course page now offers to go on learning, not to buy.
    await page.goto(details);
    await expect(page.getByTestId('enrol-card').getByTestId('continue-learning')).toBeVisible();
    await expect(page.getByTestId('buy-button')).toHaveCount(0);

    // Both orders on /payments: the paid one leads to the course, the cancelled one back to the page.
    await page.goto(`${site()}/payments`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('payments:mine.title'));
    const items = page.getByTestId('payment-item');
    await expect(items).toHaveCount(2);
    const paid = page.locator(`[data-testid="payment-item"][data-uuid="${run.paid}"]`);
    const cancelled = page.locator(`[data-testid="payment-item"][data-uuid="${run.cancelled}"]`);
    await expect(items.first(), 'newest first').toHaveAttribute('data-uuid', run.paid);
    await expect(paid).toHaveAttribute('data-state', 'paid');
    await expect(paid).toContainText(COURSE.titleBn);
    await expect(paid.getByTestId('payment-amount')).toHaveText(takaBn(PRICE_POISHA));
    await expect(paid.getByTestId('order-state')).toHaveText(text('payments:states.paid'));
    await expect(paid.getByTestId('payment-journey')).toHaveAttribute('href', `/course/journey/${uuid}`);
    await expect(paid.getByTestId('cancel-order')).toHaveCount(0);
    await expect(cancelled).toHaveAttribute('data-state', 'cancelled');
    await expect(cancelled.getByTestId('order-state')).toHaveText(text('payments:states.cancelled'));
    await expect(cancelled.getByTestId('payment-course')).toHaveAttribute('href', `/course/details/${uuid}`);
    await expect(cancelled.getByTestId('continue-payment')).toHaveCount(0);
    await expect(cancelled.getByTestId('cancel-order')).toHaveCount(0);
    await expect(cancelled.getByTestId('payment-receipt'), 'no receipt for what was not paid').toHaveCount(0);
    await expectFitsWidth(page);
    await shot(page, 'paid-course-payments-bn-360');
    // The receipt, a PDF saved from the paid order's card.
    const [receipt] = await Promise.all([page.waitForEvent('download'), paid.getByTestId('payment-receipt').click()]);
    expect(receipt.suggestedFilename()).toMatch(/^receipt-.+\.pdf$/);
    const saved = await receipt.path();
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('the partner admin finds the payment and sees the totals, in Bangla', async ({ page }) => {
    expect(run.paid, 'the learner paid in the test before').toBeTruthy();
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'bn');

    // Accounts -> learner payments, from the side menu.
    const nav = page.getByTestId('side-nav');
    await nav.getByRole('button', { name: text('nav:accounts') }).click();
    await expect(nav.getByRole('button', { name: text('nav:accounts') })).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: text('nav:learner_payments'), exact: true }).click();
    await page.waitForURL('**/accounts/learner-payment');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('payments:accounts.learner_title'));

    // Searched by the learner's e-mail address: their two orders, the paid one with its bank id.
    await page.getByTestId('payments-search').locator('input').fill(run.email);
    await page.waitForURL((u) => u.searchParams.get('search') === run.email);
    const rows = page.getByTestId('account-order');
    await expect(rows).toHaveCount(2);
    const row = page.locator(`[data-testid="account-order"][data-uuid="${run.paid}"]`);
    await expect(row).toHaveAttribute('data-state', 'paid');
    await expect(row).toContainText(run.name);
    await expect(row).toContainText(run.email);
    await expect(row).toContainText(COURSE.titleBn);
    await expect(row).toContainText(BATCH_BN);
    await expect(row).toContainText(takaBn(PRICE_POISHA));
    await expect(row.getByTestId('order-state')).toHaveText(text('payments:states.paid'));
    await expect(page.locator(`[data-testid="account-order"][data-uuid="${run.cancelled}"]`)).toHaveAttribute('data-state', 'cancelled');
    await expect(page.getByTestId('learner-payments-page')).toContainText(text('payments:accounts.total_other').replace('{{n}}', '২'));
    await page.mouse.move(1000, 700);
    await expect(nav.locator('.MuiTouchRipple-child')).toHaveCount(0);
    await shot(page, 'paid-course-admin-payments-bn');

    // The state filter: paid only keeps the paid order.
    await page.goto(`${site()}/accounts/learner-payment?search=${encodeURIComponent(run.email)}&state=paid`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-uuid', run.paid);

    // Overall transactions: the ledger's gross covers the two demo purchases and this one.
    // (After the reload the Accounts group of the menu may be closed again.)
    const accounts = nav.getByRole('button', { name: text('nav:accounts') });
    if ((await accounts.getAttribute('aria-expanded')) !== 'true') await accounts.click();
    await expect(nav.locator('.MuiCollapse-entered')).toHaveCount(1);
    const totalsLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/course/accounts/overall_transactions' && r.status() === 200);
    await nav.getByRole('link', { name: text('nav:overall_transactions'), exact: true }).click();
    await page.waitForURL('**/accounts/overall-transactions');
    const totals = (await (await totalsLoaded).json()).data as { gross_poisha: number; paid_orders: number; partner_share_poisha: number };
    expect(totals.gross_poisha).toBeGreaterThanOrEqual(3 * PRICE_POISHA);
    expect(totals.paid_orders).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('payments:accounts.overall_title'));
    const gross = page.getByTestId('total-gross');
    await expect(gross).toContainText(text('payments:accounts.gross'));
    const shown = gross.locator('p.MuiTypography-h5');
    await expect(shown).toHaveText(takaBn(totals.gross_poisha));
    await expect(shown).toHaveText(/^[০-৯,]+৳$/);
    expect(fromBanglaTaka((await shown.textContent())!)).toBeGreaterThanOrEqual(4500);
    await expect(page.getByTestId('count-paid')).toContainText(text('payments:states.paid'));
    await expect(page.getByTestId('count-paid').locator('p.MuiTypography-h5')).toHaveText(/^[০-৯]+$/);
    await expect(page.getByTestId('total-partner_share')).toBeVisible();
    await page.mouse.move(1000, 700);
    await expect(nav.locator('.MuiTouchRipple-child')).toHaveCount(0);
    await shot(page, 'paid-course-admin-totals-bn');
  });

  test('a teacher of dhaka has no Accounts in the side menu', async ({ page }) => {
    await signIn(page, TEACHER);
    await chooseLanguage(page, 'bn');
    const nav = page.getByTestId('side-nav');
    await expect(nav).toBeVisible();
    // The teacher's menu is there (the course pages), only Accounts is missing.
    await expect(nav.getByText(text('common:nav.course'), { exact: true }).first()).toBeVisible();
    await expect(nav.getByText(text('nav:accounts'), { exact: true })).toHaveCount(0);
    await expect(nav.locator('a[href^="/accounts"], a[href^="/course/accounts"]')).toHaveCount(0);
    // Nor can the teacher read the site's money from the API.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const refused = await call(page, 'GET', '/course/accounts/overall_transactions', undefined, { Authorization: `Bearer ${token}`, roleid: SLUG });
    expect(refused.status, refused.text).toBeGreaterThanOrEqual(400);
  });

  test('a new learner pays with bKash after a coupon, and the partner admin refunds it in full, in Bangla on a phone', async ({ page, browser }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const learner = await signUp(page);
    await page.goto(`${site()}/search/lists?search=${encodeURIComponent('ক্যালকুলাস')}`);
    const found = page.getByTestId('search-results').getByTestId('course-card').filter({ hasText: COURSE.titleBn });
    await expect(found).toHaveCount(1);
    const uuid = (await found.getAttribute('data-uuid'))!;
    const details = `${site()}/course/details/${uuid}`;
    await page.goto(details);
    await expect(page.getByTestId('course-title')).toHaveText(COURSE.titleBn);
    await expectPaidCard(page);

    // The coupon, typed in: the price struck through, 20 % off, 1,200 taka to pay.
    const card = page.getByTestId('enrol-card');
    await card.getByTestId('coupon-link').click();
    await card.locator('#coupon-code').fill(COUPON.toLowerCase());
    await card.getByTestId('coupon-apply').click();
    const applied = card.getByTestId('coupon-applied');
    await expect(applied).toBeVisible();
    await expect(applied.getByTestId('coupon-list-price')).toHaveText(takaBn(PRICE_POISHA));
    await expect(applied.getByTestId('coupon-discount')).toHaveText(`−${takaBn(DISCOUNT_POISHA)}`);
    await expect(applied.getByTestId('coupon-amount')).toHaveText(takaBn(COUPON_PRICE_POISHA));
    await expect(applied).toContainText(text('learn:enrol.coupon_discount').replace('{{code}}', COUPON));
    const buy = card.getByTestId('buy-button');
    await expect(buy).toHaveText(text('learn:enrol.buy').replace('{{price}}', takaBn(COUPON_PRICE_POISHA)));
    await expect(buy).toContainText('১,২০০');

    // The gateway: SSLCommerz unless the learner chooses bKash.
    const bkash = card.getByTestId('gateway-bkash');
    const sslcommerz = card.getByTestId('gateway-sslcommerz');
    await expect(sslcommerz).toBeChecked();
    await expect(bkash).not.toBeChecked();
    await expect(card.getByText(text('learn:enrol.gateway_bkash'), { exact: true })).toBeVisible();
    await expect(card.getByText(text('learn:enrol.gateway_sslcommerz'), { exact: true })).toBeVisible();
    await bkash.check();
    await expect(bkash).toBeChecked();
    await expect(sslcommerz).not.toBeChecked();
    // The coupon, the gateways and the Buy button together, clear of the header and the bottom bar.
    await card.locator('#gateway-label').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.mouse.move(0, 0);
    await expect(applied).toBeInViewport();
    await expect(buy).toBeInViewport();
    await expectFitsWidth(page);
    await shot(page, 'paid-course-coupon-bkash-bn-360', { settled: true });

    // Buy: the order with the coupon, through bKash (the browser leaves for the wallet at once, so
    // only the status is read), and the wallet's page at the lower price.
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/course/transactions/create');
    await buy.click();
    const res = await created;
    expect(res.request().postDataJSON()).toEqual({ batch_id: expect.any(Number), coupon: COUPON, gateway: 'bkash' });
    expect([200, 201], 'POST /course/transactions/create').toContain(res.status());
    await page.waitForURL((u) => u.href.startsWith(`${bkashURL}/pay/`));
    const paymentID = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.locator('.amount')).toHaveText('৳ 1200.00');
    for (const id of ['#pay', '#fail', '#cancel']) await expect(page.locator(id)).toBeVisible();
    await expectFitsWidth(page);
    await shot(page, 'paid-course-bkash-wallet-360');

    // Pay: bKash sends the browser to the site's callback, which executes the payment and goes on
    // to the success page.
    await page.locator('#pay').click();
    await page.waitForURL(new RegExp(`^${site()}/payment/(success|fail|cancel)/[0-9a-f-]{36}$`));
    expect(page.url(), 'paid: the success page').toMatch(/\/payment\/success\//);
    const order = { uuid: page.url().split('/').pop()! };
    const outcome = page.getByTestId('payment-outcome');
    await expect(outcome).toHaveAttribute('data-state', 'paid', { timeout: 60_000 });
    await expect(outcome.getByRole('heading', { level: 1 })).toHaveText(text('payments:outcome.paid_title'));
    await expect(outcome.getByTestId('fact-list-price').locator('dt')).toHaveText(text('payments:facts.list_price'));
    await expect(outcome.getByTestId('fact-list-price').locator('dd')).toHaveText(takaBn(PRICE_POISHA));
    await expect(outcome.getByTestId('fact-discount').locator('dt')).toHaveText(text('payments:facts.discount'));
    await expect(outcome.getByTestId('fact-discount').locator('dd')).toHaveText(`−${takaBn(DISCOUNT_POISHA)}`);
    await expect(outcome.getByTestId('fact-amount').locator('dd')).toHaveText(takaBn(COUPON_PRICE_POISHA));
    await expect(outcome.getByTestId('fact-batch').locator('dd')).toHaveText(BATCH_BN);
    // bKash's transaction id (trxID, 10 characters).
    await expect(outcome.getByTestId('fact-bank-tran-id').locator('dd')).toHaveText(/^\w{10}$/);
    await expect(outcome.getByTestId('start-learning')).toBeVisible();
    await expectFitsWidth(page);
    await shot(page, 'paid-course-bkash-success-bn-360');
    await page.goto(details);
    await expect(page.getByTestId('enrol-card').getByTestId('continue-learning')).toBeVisible();

    // The partner admin, on a phone too, refunds the order in full.
    const admin = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const adminPage = await admin.newPage();
      await signIn(adminPage, ADMIN);
      await chooseLanguage(adminPage, 'bn');
      await adminPage.goto(`${site()}/accounts/learner-payment?search=${encodeURIComponent(learner.email)}`);
      await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText(text('payments:accounts.learner_title'));
      const row = adminPage.locator(`[data-testid="account-order"][data-uuid="${order.uuid}"]`);
      await expect(adminPage.getByTestId('account-order')).toHaveCount(1);
      await expect(row).toHaveAttribute('data-state', 'paid');
      await expect(row).toContainText(learner.name);
      await expect(row).toContainText(takaBn(COUPON_PRICE_POISHA));
      await row.getByTestId('refund-order').click();
      const dialog = adminPage.getByTestId('refund-dialog');
      await expect(dialog.getByRole('heading')).toHaveText(text('payments:accounts.refund_title'));
      await expect(dialog.getByTestId('refund-left')).toHaveText(text('payments:accounts.refund_left').replace('{{amount}}', takaBn(COUPON_PRICE_POISHA)));
      await expect(dialog.locator('#refund-amount')).toHaveValue('১২০০');
      await dialog.locator('#refund-reason').fill('শিক্ষার্থীর অনুরোধে');
      // All of it: the learner's enrolment ends.
      await expect(dialog.getByTestId('refund-warning')).toHaveText(text('payments:accounts.refund_full'));
      await expectFitsWidth(adminPage);
      await shot(adminPage, 'paid-course-refund-dialog-bn-360', { settled: true });
      await responseOf(adminPage, 'POST', `/course/accounts/refund/${order.uuid}`, () => dialog.getByTestId('refund-confirm').click(), [200]);
      await expect(dialog).toBeHidden();
      await expect(row).toHaveAttribute('data-state', 'refunded');
      await expect(row.getByTestId('order-state')).toHaveText(text('payments:states.refunded'));
      await expect(row.getByTestId('refund-order')).toHaveCount(0);
    } finally {
      await admin.close();
    }

    // bKash gave the money back.
    const payment = await (await page.request.get(`${bkashURL}/payments/${paymentID}`)).json();
    expect(payment.refunded).toBe('1200.00');

    // The learner's order is refunded, and the course page offers to buy it again.
    await page.goto(`${site()}/payments`);
    const item = page.locator(`[data-testid="payment-item"][data-uuid="${order.uuid}"]`);
    await expect(item).toHaveAttribute('data-state', 'refunded');
    await expect(item.getByTestId('order-state')).toHaveText(text('payments:states.refunded'));
    await expect(item.getByTestId('payment-amount')).toHaveText(takaBn(COUPON_PRICE_POISHA));
    await expectFitsWidth(page);
    await page.goto(details);
    await expect(page.getByTestId('enrol-card').getByTestId('buy-button')).toBeEnabled();
    await expect(page.getByTestId('continue-learning')).toHaveCount(0);
    await expect(page.getByTestId('enrol-pending')).toHaveCount(0);
  });

  test("sylhet's admin sees its own store and wallet, and the gateway refuses a wrong password, in Bangla on a phone", async ({ page }) => {
    const sylhet = partnerURL('sylhet');
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${sylhet}/login`);
    await page.locator('#email').fill('sylhet-admin@example.com');
    await page.locator('#password').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    await chooseLanguage(page, 'bn');
    await page.goto(`${sylhet}/accounts/payment-request`);
    const card = page.getByTestId('merchant-account');
    await expect(card.getByTestId('merchant-current')).toHaveAttribute('data-mode', 'own');
    await expect(card.getByTestId('merchant-current')).toContainText('sylhetlocal');
    // Its bKash payments go into its own wallet at the local bKash too.
    await expect(card.getByTestId('wallet-current')).toHaveAttribute('data-mode', 'own');
    await expect(card.getByTestId('wallet-current')).toContainText('sylhetwallet');
    await card.locator('#merchant-store-password').fill('not-the-password');
    await responseOf(page, 'POST', '/course/accounts/merchant', () => card.getByTestId('merchant-save').click(), [422]);
    await expect(card.getByText(text('errors:store_credentials_refused'))).toBeVisible();
    await card.locator('#merchant-store-password').scrollIntoViewIfNeeded();
    await expectFitsWidth(page);
    await shot(page, 'paid-course-own-store-bn-360');
    // Nothing changed: after a reload the same store is current.
    await page.reload();
    await expect(page.getByTestId('merchant-current')).toContainText('sylhetlocal');
  });

  test('the partner admin asks for a payout on a phone and the super admin approves it, in Bangla', async ({ page, browser }) => {
    const note = `ডিসেম্বরের প্রথম সপ্তাহের অংশ ${stampNow()}`;
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'bn');
    await page.goto(`${site()}/accounts/payment-request`);
    const form = page.getByTestId('payout-form');
    // Taka typed in Bangla digits, as a Bangla keyboard gives them.
    await form.locator('#payout-amount').fill('৫০');
    await form.locator('#payout-note').fill(note);
    const sent = await responseOf(page, 'POST', '/course/accounts/request-payment', () => form.getByTestId('payout-submit').click(), [201]);
    const payout = (await sent.json()).data as { id: number; amount_poisha: number; state: string };
    expect(payout).toMatchObject({ amount_poisha: 5_000, state: 'requested' });
    const mine = page.locator(`[data-testid="payout"][data-id="${payout.id}"]`);
    await expect(mine).toHaveAttribute('data-state', 'requested');
    await expect(mine).toContainText(note);
    await expect(mine).toContainText(takaBn(5_000));
    await mine.scrollIntoViewIfNeeded();
    await expectFitsWidth(page);
    await shot(page, 'paid-course-payout-request-bn-360');

    // The super admin, on the main site: the request waits among the others, with its partner.
    const desk = await browser.newPage();
    await signInOn(desk, '', SUPER);
    await chooseLanguage(desk, 'bn');
    await desk.goto('/accounts/payment-request');
    const waiting = desk.locator(`[data-testid="payout"][data-id="${payout.id}"]`);
    await expect(waiting).toHaveAttribute('data-state', 'requested');
    await expect(waiting).toContainText(note);
    await waiting.getByTestId('approve-payout').click();
    const dialog = desk.getByRole('dialog');
    await expect(dialog).toContainText(takaBn(5_000));
    await responseOf(desk, 'GET', `/course/accounts/approve_request/${payout.id}`, () => dialog.getByTestId('confirm-button').click());
    // Decided: gone from the waiting list, listed under approved.
    await expect(waiting).toHaveCount(0);
    await desk.goto('/accounts/payment-request?state=approved');
    await expect(waiting).toHaveAttribute('data-state', 'approved');
    await shot(desk, 'paid-course-payout-approved-bn');
    await desk.close();

    // The partner admin sees it approved.
    await page.reload();
    await expect(mine).toHaveAttribute('data-state', 'approved');
    await expect(mine).toContainText(text('payments:payout_states.approved'));
  });
});
