// A local Web Push service, standing in for the push services browsers subscribe through
// (Chrome's FCM, Firefox's autopush), which cannot be reached from here. It speaks their
// documented protocol:
// - RFC 8030, Generic Event Delivery Using HTTP Push: a message is POSTed to the subscription's
//   endpoint and answered 201 Created with a Location; a TTL header is required; an unknown or
//   expired subscription is 404 or 410 Gone.
// - RFC 8291, Message Encryption for Web Push, with RFC 8188's `aes128gcm` coding: each message is
//   decrypted here as a browser would, with http_ece (by the author of both RFCs).
// - RFC 8292, VAPID: the Authorization header `vapid t=<JWT>, k=<key>` must carry an ES256 JWT
//   that checks with that key, whose `aud` is this service's origin, whose `exp` is within 24
//   hours, and whose `sub` is a mailto: or https: contact; otherwise 401/403, as FCM does.
//
// It also plays the browser's part in subscribing, which a test cannot do without a browser
// whose push service is reachable: POST /subscriptions makes a P-256 key pair and an auth secret
// as a browser does and answers the PushSubscription JSON; given {"applicationServerKey"}, the
// key the site subscribed with, it refuses pushes signed by any other key (403), as FCM does. What each browser received, decrypted,
// is listed at GET /messages?subscription=ID (for tests, and for developers at /messages).
// Fault switches: POST /faults {"mode": "gone" | "error" | "throttle" | "none"} answers every
// push with 410, 500 or 429 (with Retry-After) until switched back.
//
// Usage: PORT=8089 node infra/push/server.mjs
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import ece from 'http_ece';

const port = Number(process.env.PORT || 8089);
const origin = `http://127.0.0.1:${port}`;
const subscriptions = new Map(); // id -> { ecdh, auth, serverKey }
const received = []; // { subscription, payload, ttl, urgency, at }
let fault = 'none';

const b64url = (buffer) => Buffer.from(buffer).toString('base64url');

function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      // RFC 8030 section 7.2: services must take at least 4096 bytes of payload.
      if (size > 8192) reject(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The VAPID check of RFC 8292; answers an error text, or null when the request is signed. */
function vapidError(header, serverKey) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header || '');
  if (!match) return 'missing or malformed vapid authorization';
  const [, token, key] = match;
  if (serverKey && key !== serverKey) return 'k is not the key the subscription was made with';
  const parts = token.split('.');
  if (parts.length !== 3) return 'the token is not a JWT';
  let head, claims;
  try {
    head = JSON.parse(Buffer.from(parts[0], 'base64url'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url'));
  } catch {
    return 'the JWT is not JSON';
  }
  if (head.alg !== 'ES256') return `alg ${head.alg} is not ES256`;
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 key';
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(parts[2], 'base64url'));
  if (!signed) return 'the JWT signature does not check with k';
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600) return 'exp is not within 24 hours';
  if (!/^(mailto:|https:)/.test(claims.sub || '')) return 'sub is not a mailto: or https: contact';
  return null;
}

async function push(req, res, id) {
  const subscription = subscriptions.get(id);
  if (!subscription) return json(res, 410, { error: 'no such subscription' });
  if (fault === 'gone') return json(res, 410, { error: 'subscription expired (fault switch)' });
  if (fault === 'error') return json(res, 500, { error: 'internal error (fault switch)' });
  if (fault === 'throttle') return json(res, 429, { error: 'too many requests (fault switch)' }, { 'retry-after': '30' });
  const ttl = req.headers.ttl;
  if (ttl === undefined || !/^\d+$/.test(ttl)) return json(res, 400, { error: 'TTL header required' });
  const problem = vapidError(req.headers.authorization, subscription.serverKey);
  if (problem) return json(res, problem.startsWith('missing') ? 401 : 403, { error: problem });
  if (req.headers['content-encoding'] !== 'aes128gcm') return json(res, 415, { error: 'content-encoding must be aes128gcm' });
  let body;
  try {
    body = await readBody(req);
  } catch {
    return json(res, 413, { error: 'payload too large' });
  }
  let payload;
  try {
    payload = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth }).toString('utf8');
  } catch (e) {
    return json(res, 400, { error: `cannot decrypt: ${e.message}` });
  }
  const message = { id: received.length + 1, subscription: id, payload, ttl: Number(ttl), urgency: req.headers.urgency || 'normal', at: new Date().toISOString() };
  received.push(message);
  res.writeHead(201, { location: `${origin}/messages/${message.id}` });
  res.end();
}

createServer(async (req, res) => {
  const url = new URL(req.url, origin);
  try {
    if (req.method === 'GET' && url.pathname === '/healthz') return json(res, 200, { ok: true });
    if (req.method === 'POST' && url.pathname === '/subscriptions') {
      const { applicationServerKey } = JSON.parse((await readBody(req)).toString() || '{}');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = b64url(randomBytes(12));
      const auth = b64url(randomBytes(16));
      subscriptions.set(id, { ecdh, auth, serverKey: applicationServerKey });
      return json(res, 201, { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth } });
    }
    if (req.method === 'DELETE' && url.pathname.startsWith('/subscriptions/')) {
      subscriptions.delete(url.pathname.slice('/subscriptions/'.length));
      return json(res, 200, { ok: true });
    }
    if (req.method === 'POST' && url.pathname.startsWith('/push/')) return await push(req, res, url.pathname.slice('/push/'.length));
    if (req.method === 'GET' && url.pathname === '/messages') {
      const id = url.searchParams.get('subscription');
      return json(res, 200, received.filter((m) => !id || m.subscription === id));
    }
    if (req.method === 'POST' && url.pathname === '/faults') {
      const { mode } = JSON.parse((await readBody(req)).toString() || '{}');
      if (!['none', 'gone', 'error', 'throttle'].includes(mode)) return json(res, 400, { error: 'mode: none, gone, error or throttle' });
      fault = mode;
      return json(res, 200, { mode });
    }
    json(res, 404, { error: 'not found' });
  } catch (e) {
    json(res, 500, { error: e.message });
  }
}).listen(port, '127.0.0.1', () => console.log(`local push service on ${origin}`));
