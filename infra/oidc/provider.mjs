// A local OpenID provider standing in for myGov or Google (infra/lib.sh start_identity runs it twice):
// panva's oidc-provider (OpenID Certified) does the protocol; this file adds accounts, the login page
// and settings. Followed: OpenID Connect Core 1.0 (code flow, ID token claims), Back-Channel Logout
// 1.0 (logout tokens with sid), RP-Initiated Logout 1.0 (end_session_endpoint), Dynamic Client
// Registration 1.0, RFC 7636 (PKCE) and oidc-provider's README and docs/README.md (configuration,
// interactions, the loadExistingGrant recipe for skipping consent).
// Environment: PORT, ISSUER, TITLE, ACCOUNTS (JSON file of {sub, email, email_verified, name,
// phone_number, phone_number_verified, password}); one static client CLIENT_ID, CLIENT_SECRET,
// REDIRECT_URIS, POST_LOGOUT_REDIRECT_URIS (comma separated), BACKCHANNEL_LOGOUT_URI. Anyone may
// register more clients at /reg (tests do, each with its own redirect and back-channel URIs).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const env = process.env;
const { PORT, ISSUER, TITLE = 'Identity provider (local)' } = env;
const accounts = JSON.parse(readFileSync(env.ACCOUNTS, 'utf8'));
const list = (value) => (value || '').split(',').map((s) => s.trim()).filter(Boolean);
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const digits = (s) => String(s).replace(/\D/g, '').slice(-11); // 01712345678 = +8801712345678
const byLogin = (login) => accounts.find((a) => a.sub === login
  || (a.email && a.email.toLowerCase() === login.toLowerCase())
  || (a.phone_number && /\d{11}/.test(digits(login)) && digits(a.phone_number) === digits(login)));

const jwk = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
  kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
const cookie = (name) => `${name}_${PORT}`; // two providers on 127.0.0.1 share a cookie jar (ports do not split cookies)

const provider = new Provider(ISSUER, {
  clients: [{
    client_id: env.CLIENT_ID, client_secret: env.CLIENT_SECRET, redirect_uris: list(env.REDIRECT_URIS),
    post_logout_redirect_uris: list(env.POST_LOGOUT_REDIRECT_URIS),
    ...(env.BACKCHANNEL_LOGOUT_URI ? { backchannel_logout_uri: env.BACKCHANNEL_LOGOUT_URI } : {}),
  }],
  // Every client (static or registered) gets sid in its ID tokens and logout tokens when it has a
  // backchannel_logout_uri (oidc-provider includes sid only then).
  clientDefaults: { grant_types: ['authorization_code'], response_types: ['code'], backchannel_logout_session_required: true },
  responseTypes: ['code'],
  pkce: { required: () => true }, // S256 is the only method oidc-provider 9 offers
  scopes: ['openid', 'email', 'profile', 'phone'],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], phone: ['phone_number', 'phone_number_verified'] },
  conformIdTokenClaims: false, // the scopes' claims go into the ID token too, not only /me
  findAccount: (ctx, sub) => {
    const account = accounts.find((a) => a.sub === sub);
    if (!account) return undefined;
    const { password, ...claims } = account; // eslint-disable-line no-unused-vars
    return { accountId: sub, claims: () => claims };
  },
  jwks: { keys: [jwk] },
  cookies: { keys: [randomBytes(32).toString('hex')], names: { session: cookie('_session'), interaction: cookie('_interaction'), resume: cookie('_interaction_resume') } },
  ttl: { Session: 24 * 60 * 60 },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  features: {
    devInteractions: { enabled: false },
    registration: { enabled: true },
    backchannelLogout: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource: (ctx, form) => { ctx.body = page('Sign out', `<h1>Sign out of ${esc(TITLE)}?</h1>${form}
<button autofocus type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>`); },
      postLogoutSuccessSource: (ctx) => { ctx.body = page('Signed out', `<h1>You have signed out of ${esc(TITLE)}</h1>`); },
    },
  },
  // Consent is never asked: the requested OpenID scopes and claims are granted (the README's recipe).
  loadExistingGrant: async (ctx) => {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    const grant = (grantId && await ctx.oidc.provider.Grant.find(grantId))
      || new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope(ctx.oidc.requestParamOIDCScopes);
    grant.addOIDCClaims([...ctx.oidc.requestParamClaims]);
    await grant.save();
    return grant;
  },
  renderError: (ctx, out) => { ctx.type = 'html'; ctx.body = page('Error', `<h1>Something went wrong</h1><p>${esc(out.error)}: ${esc(out.error_description)}</p>`); },
  // oidc-provider refuses to call special-use addresses (127.0.0.1 included) as SSRF protection; here
  // every relying party lives on this machine, so back-channel logout calls go out unchecked.
  fetch: (url, options) => { delete options.dispatcher; return fetch(url, options); },
});
provider.on('backchannel.success', (ctx, client, accountId, sid) => console.log(`backchannel.success client=${client.clientId} uri=${client.backchannelLogoutUri} sub=${accountId} sid=${sid}`));
provider.on('backchannel.error', (ctx, err, client, accountId, sid) => console.log(`backchannel.error client=${client.clientId} uri=${client.backchannelLogoutUri} sub=${accountId} sid=${sid}: ${err.message}${err.cause ? ` (${err.cause.message || err.cause})` : ''}`));
provider.on('server_error', (ctx, err) => console.log(`server_error: ${err.stack}`));

function page(title, body) {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} - ${esc(TITLE)}</title><style>body{font-family:sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}
label,input,button{display:block;width:100%;margin:.4rem 0;padding:.4rem;box-sizing:border-box}.error{color:#b00020}</style></head>
<body><p><strong>${esc(TITLE)}</strong></p>${body}</body></html>`;
}

function loginPage(uid, login, error) {
  return page('Sign in', `<h1>Sign in to ${esc(TITLE)}</h1>${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/interaction/${esc(uid)}/login" autocomplete="off">
<label for="login">E-mail or mobile number</label><input id="login" name="login" value="${esc(login)}" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${esc(uid)}/abort"><button type="submit">Cancel</button></form>`);
}

async function form(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

async function interaction(req, res, uid, action) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error('interaction mismatch');
  const html = (status, text) => { res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }); res.end(text); };
  if (action === 'abort') {
    return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
  }
  if (details.prompt.name === 'consent') { // not expected (loadExistingGrant grants), kept as a fallback
    const grant = new provider.Grant({ clientId: details.params.client_id, accountId: details.session.accountId });
    grant.addOIDCScope(details.prompt.details.missingOIDCScope || []);
    grant.addOIDCClaims(details.prompt.details.missingOIDCClaims || []);
    return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }
  if (action === 'login') {
    const { login = '', password = '' } = await form(req);
    const account = byLogin(login.trim());
    if (!account || account.password !== password) return html(200, loginPage(uid, login, 'Wrong e-mail, mobile number or password.'));
    return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  }
  return html(200, loginPage(uid, details.params.login_hint || '', ''));
}

const callback = provider.callback();
createServer(async (req, res) => {
  const { pathname } = new URL(req.url, ISSUER);
  const match = pathname.match(/^\/interaction\/([\w-]+)(?:\/(login|abort))?$/);
  try {
    if (pathname === '/healthz') return res.end('ok');
    if (pathname === '/forgot-password') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(page('Forgot password', `<h1>Reset your password at ${esc(TITLE)}</h1><p>Locally every account's password is <code>demo-pass-123</code>.</p>`));
    }
    if (match && req.method === (match[2] ? 'POST' : 'GET')) return await interaction(req, res, match[1], match[2]);
    return callback(req, res);
  } catch (err) {
    res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page('Error', `<h1>This sign-in cannot go on</h1><p>${esc(err.message)}. Start again from the site.</p>`));
  }
}).listen(Number(PORT), '127.0.0.1', () => console.log(`${TITLE}: ${ISSUER} (${accounts.length} accounts)`));
