// The service worker of Web Push (src/features/notifications/push): it shows the notices the
// platform pushes ({title, body, url, lang, tag}) and opens a notice's page when it is clicked.
// Nothing else: no caching and no fetch handler, so pages and files come from the network exactly
// as without it. The server sends this file with Cache-Control: no-cache: a changed copy is found
// at the browser's next update check.
'use strict';

// Nothing is cached that an older copy would still need: a new copy takes over at once.
self.addEventListener('install', () => self.skipWaiting());

// Tabs open from before the registration come under this worker, so that a click can navigate them.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const text = (v) => (typeof v === 'string' ? v : '');

/** `url` when it is a page of this site, else the site's start page: a notice never opens another site. */
function ownPage(url) {
  try {
    const u = new URL(text(url), self.location.origin);
    if (u.origin === self.location.origin) return u.href;
  } catch {
    // Not a URL.
  }
  return `${self.location.origin}/`;
}

self.addEventListener('push', (event) => {
  let notice = null;
  try {
    notice = event.data ? event.data.json() : null;
  } catch {
    // Not JSON.
  }
  if (!notice || typeof notice !== 'object') notice = {};
  // Subscribed with userVisibleOnly: every push must show something, so one without the
  // platform's JSON still shows, titled with the site.
  const title = text(notice.title) || self.location.origin;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: text(notice.body),
      lang: text(notice.lang),
      tag: text(notice.tag),
      icon: '/favicon.svg',
      data: { url: ownPage(notice.url) },
    }),
  );
});

/** Shows `url` in a tab of this site (the focused one, else any), or in a new window when none is open. */
async function openPage(url) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((c) => c.focused) || tabs[0];
  if (tab) {
    try {
      // Focus first: a worker may raise a window only right after the click.
      await tab.focus();
      await tab.navigate(url);
      return;
    } catch {
      // A tab this worker does not control cannot be navigated from here.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(ownPage(event.notification.data && event.notification.data.url)));
});

/**
 * The push service replaced this browser's subscription (it expired, or its keys were rotated):
 * the platform is told the new one, or notices would stop reaching this browser until the settings
 * page is opened again. The worker has no sign-in; the old subscription's secret proves the new one
 * is the same browser's. Without the old subscription there is nothing to prove it by, and the
 * settings page subscribes again on its next visit.
 */
async function renewSubscription(old, fresh) {
  if (!old) return;
  const next = fresh || (await self.registration.pushManager.subscribe(old.options));
  const previous = old.toJSON();
  await fetch('/my-account/sotore/token', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...next.toJSON(), replaces: { endpoint: previous.endpoint, auth: previous.keys && previous.keys.auth } }),
  });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event.oldSubscription, event.newSubscription));
});
