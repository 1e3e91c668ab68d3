import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('parseApiError', () => {
  it('reads message, code and field errors', async () => {
    const { parseApiError } = await import('./api-client');
    const e = parseApiError(422, { message: 'Invalid', code: 'validation_failed', errors: { email: ['taken', 'bad'], name: 'required' } });
    expect(e.status).toBe(422);
    expect(e.code).toBe('validation_failed');
    expect(e.message).toBe('Invalid');
    expect(e.fieldErrors).toEqual({ email: ['taken', 'bad'], name: ['required'] });
  });
  it('falls back to a code from the status when the body has none', async () => {
    const { parseApiError } = await import('./api-client');
    expect(parseApiError(401, {}).code).toBe('unauthenticated');
    expect(parseApiError(403, null).code).toBe('forbidden');
    expect(parseApiError(404, 'Not Found').message).toBe('Not Found');
    expect(parseApiError(409, null).code).toBe('conflict');
    expect(parseApiError(429, null).code).toBe('too_many_attempts');
    expect(parseApiError(502, '<html>').code).toBe('server_error');
    expect(parseApiError(0, null).code).toBe('network_error');
    expect(parseApiError(500, null).message).toBe('HTTP 500');
  });
  it('keeps a server code over the status code', async () => {
    const { parseApiError } = await import('./api-client');
    expect(parseApiError(401, { message: 'Wrong', code: 'invalid_credentials' }).code).toBe('invalid_credentials');
  });
});

describe('api()', () => {
  it('sends the contract headers', async () => {
    const { api, setApiLang } = await import('./api-client');
    const { setCurrentSite, DEFAULT_SITE } = await import('./site');
    localStorage.setItem('token', 'tok');
    localStorage.setItem('Role-id', '3');
    localStorage.setItem('Owner-id', '7');
    setCurrentSite({ ...DEFAULT_SITE, is_main: false, slug: 'dhaka' });
    setApiLang('en');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/x', { silent: true })).resolves.toEqual({ data: 1 });
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers.lang).toBe('1');
    expect(headers['Accept-Language']).toBe('en');
    expect(headers.roleid).toBe('dhaka');
    expect(headers['Role-id']).toBe('3');
    expect(headers['Owner-id']).toBe('7');
    setCurrentSite(DEFAULT_SITE);
    setApiLang('bn');
    await api('/x', { silent: true });
    const h2 = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(h2.roleid).toBeUndefined();
    expect(h2.lang).toBe('2');
    expect(h2['Accept-Language']).toBe('bn');
  });
  it('throws ApiError with the parsed body', async () => {
    const { api, ApiError } = await import('./api-client');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Nope', code: 'subdomain_taken', errors: { subdomain: ['taken'] } }), { status: 409 })));
    const err = await api<never>('/y', { silent: true }).catch((e: unknown) => e as { code: string; fieldErrors: Record<string, string[]> });
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('subdomain_taken');
    expect(err.fieldErrors.subdomain).toEqual(['taken']);
  });
  it('clears the token when /api/user answers 401', async () => {
    const { api } = await import('./api-client');
    localStorage.setItem('token', 'old');
    localStorage.setItem('Role-id', '3');
    vi.stubGlobal('document', { cookie: '' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"x"}', { status: 401 })));
    await api('/api/user', { silent: true }).catch(() => undefined);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('Role-id')).toBeNull();
  });
  it('keeps the token on a 401 from another call', async () => {
    const { api } = await import('./api-client');
    localStorage.setItem('token', 'keep');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 401 })));
    await api('/my-account/user/login', { silent: true }).catch(() => undefined);
    expect(localStorage.getItem('token')).toBe('keep');
  });
  it('turns a network failure into network_error', async () => {
    const { api } = await import('./api-client');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await api<never>('/z', { silent: true }).catch((e: unknown) => e as { code: string; fieldErrors: Record<string, string[]> });
    expect(err.code).toBe('network_error');
  });
});
