// Events, in Bangla, on dhaka's site.
// (1) Its partner admin opens Events from the side navigation and creates an event starting within
//     the hour (so that its check-in is open) with two seats and open registration; a missing
//     place is refused before anything is sent.
// (2) The demo learner, a visitor on a 360 px phone, opens the event's page, signs in from its
//     prompt and comes back to it, registers, and gets the ticket: a QR image, their name and the
//     ticket's text; one seat is left.
// (3) The admin types that ticket in the check-in tab of the event's editor: checked in, with the
//     learner's name; typed again it is refused as already checked in; the attendance counts one.
import { expect, test } from '@playwright/test';
import { catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot } from './helpers';
import { LEARNER, signInOn, stampNow } from './seed';

const site = () => partnerURL('dhaka');
const ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };
const PHONE = { width: 360, height: 780 };
const stamp = stampNow();
const TITLE = `Study skills seminar ${stamp}`;
const TITLE_BN = `পড়ার কৌশল সেমিনার ${stamp}`;
const VENUE = 'ঢাকা কলেজ মিলনায়তন, মিরপুর রোড';

const bn = catalogue('bn');
const say = (key: string, values: Record<string, string> = {}) => {
  const text = bn[key];
  expect(text, key).toBeTruthy();
  return Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text);
};

// Dhaka is UTC+6 all year: the browser runs there, and a datetime-local value is its wall clock.
test.use({ timezoneId: 'Asia/Dhaka' });
const dhakaLocal = (hoursFromNow: number) => new Date(Date.now() + (6 + hoursFromNow) * 3600_000).toISOString().slice(0, 16);

test.describe.configure({ mode: 'serial' });

let eventId = 0;
let ticket = '';
let learnerName = '';

test('a partner admin creates an event with two seats and open registration, in Bangla', async ({ page }) => {
  await signInOn(page, site(), ADMIN);
  await chooseLanguage(page, 'bn');

  // The side navigation has Events; its list offers the admin the create button.
  await page.getByRole('link', { name: say('nav:events'), exact: true }).first().click();
  await page.waitForURL('**/events/list');
  await expect(page.getByRole('heading', { level: 1, name: say('events:title') })).toBeVisible();
  await page.getByRole('link', { name: say('events:create'), exact: true }).first().click();
  await page.waitForURL('**/events/create');

  const form = page.getByTestId('event-form');
  await form.getByRole('textbox', { name: say('events:form.title') }).fill(TITLE);
  await form.getByRole('textbox', { name: say('events:form.title_bn') }).fill(TITLE_BN);
  await form.getByRole('textbox', { name: say('events:form.description_bn') }).fill('নোট নেওয়া, পুনরাবৃত্তি আর পরীক্ষার আগে সময় ভাগ করার সহজ উপায়।');
  await form.locator('#event-starts-at').fill(dhakaLocal(1));
  await form.locator('#event-ends-at').fill(dhakaLocal(4));
  // Neither a venue nor an online link: refused on the form.
  const save = page.getByTestId('save-event');
  await save.click();
  await expect(form.getByText(say('events:form.venue_or_link'))).toBeVisible();
  await form.getByRole('textbox', { name: say('events:form.venue') }).fill(VENUE);
  // Two seats, typed with a Bangla digit; anyone who registers gets one.
  await form.getByRole('textbox', { name: say('events:form.capacity') }).fill('২');
  await expect(form.getByRole('radio', { name: new RegExp(say('events:form.open')) })).toBeChecked();
  await shot(page, 'events-form-bn');

  const created = await responseOf(page, 'POST', '/event/create', () => save.click(), [201]);
  const event = (await created.json()).data as { id: number; capacity: number; registration: string; published: boolean; seats_left: number; title_bn: string; venue: string };
  expect(event).toMatchObject({ capacity: 2, registration: 'open', published: true, seats_left: 2, title_bn: TITLE_BN, venue: VENUE });
  eventId = event.id;
  await page.waitForURL(`**/events/edit/${eventId}`);
  await expect(page.getByTestId('event-heading')).toHaveText(TITLE_BN);
});

test('a visitor signs in from the event’s page, registers and gets a ticket with its QR code, on a phone', async ({ page }) => {
  expect(eventId, 'the event of the first test').toBeGreaterThan(0);
  await page.setViewportSize(PHONE);
  await page.goto(`${site()}/events/${eventId}`);
  await chooseLanguage(page, 'bn');
  await expect(page.getByTestId('event-heading')).toHaveText(TITLE_BN);
  await expect(page.getByTestId('event-seats')).toContainText(say('events:card.seats_left_other', { n: '২' }));
  await expect(page.getByTestId('add-to-calendar')).toHaveAttribute('href', `/event/ics/${eventId}`);

  // Not signed in: the page asks to, and the login page brings the visitor back.
  await expect(page.getByText(say('events:register.sign_in_prompt'))).toBeVisible();
  await page.getByRole('link', { name: say('events:register.sign_in'), exact: true }).click();
  await page.waitForURL('**/login?redirect=*');
  await page.locator('#email').fill(LEARNER.email);
  await page.locator('#password').fill(LEARNER.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`**/events/${eventId}`);

  const registered = await responseOf(page, 'POST', `/event/register/${eventId}`, () => page.getByRole('button', { name: say('events:register.register'), exact: true }).click(), [201]);
  const registration = (await registered.json()).data as { status: string; ticket: string; name: string };
  expect(registration.status).toBe('approved');
  expect(registration.ticket).toMatch(new RegExp(`^EVT1\\.${eventId}\\.[A-Za-z0-9_-]+$`));
  learnerName = registration.name;

  // The ticket: its QR image drawn, the learner's name, its text (also on data-ticket).
  const card = page.getByTestId('event-ticket');
  await expect(card).toBeVisible();
  const qr = card.getByRole('img', { name: say('events:ticket.qr_alt', { event: TITLE_BN }) });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await expect(card.getByTestId('ticket-name')).toHaveText(learnerName);
  ticket = (await card.getAttribute('data-ticket')) ?? '';
  expect(ticket).toBe(registration.ticket);
  await expect(card.getByTestId('ticket-code')).toHaveText(ticket);
  await expect(page.getByTestId('registration-state')).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('event-seats')).toContainText(say('events:card.seats_left_one', { n: '১' }));
  await expectFitsWidth(page);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'events-ticket-bn-360');
});

test('the admin checks the ticket in by hand; typed again it is already checked in', async ({ page }) => {
  expect(ticket, 'the ticket of the second test').not.toBe('');
  await signInOn(page, site(), ADMIN);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site()}/events/edit/${eventId}`);
  await page.getByRole('tab', { name: say('events:edit.tabs.checkin'), exact: true }).click();

  const field = page.getByRole('textbox', { name: say('events:checkin.ticket_code') });
  const submit = page.getByRole('button', { name: say('events:checkin.submit'), exact: true });
  const result = page.getByTestId('check-in-result');
  await field.fill(ticket);
  const done = await responseOf(page, 'POST', '/event/check-in', () => submit.click());
  expect((await done.json()).data).toMatchObject({ status: 'approved', name: learnerName });
  await expect(result).toHaveAttribute('data-result', 'ok');
  await expect(result).toContainText(say('events:checkin.success'));
  await expect(result).toContainText(learnerName);
  await expect(field).toHaveValue('');
  await shot(page, 'events-check-in-bn');

  await field.fill(ticket);
  await responseOf(page, 'POST', '/event/check-in', () => submit.click(), [409]);
  await expect(result).toHaveAttribute('data-result', 'already_checked_in');
  await expect(result).toContainText(say('errors:already_checked_in'));
  await shot(page, 'events-check-in-again-bn');

  await page.getByRole('tab', { name: say('events:edit.tabs.attendance'), exact: true }).click();
  await expect(page.getByTestId('attendance-checked-in')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('attendance-row').filter({ hasText: learnerName })).toBeVisible();
});
