// Tests only: an XMLHttpRequest that answers `status` with `body` once sent, reporting the upload's
// progress as `loaded` of `total` first, and keeping what was sent.
import { vi } from 'vitest';

export interface SentXhr {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export function stubXhr(status: number, body: unknown, { loaded = 50, total = 100 } = {}): SentXhr {
  const sent: SentXhr = { method: '', url: '', headers: {}, body: null };
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    }
    setRequestHeader(k: string, v: string) {
      sent.headers[k] = v;
    }
    send(payload: unknown) {
      sent.body = payload;
      this.upload.onprogress?.({ lengthComputable: true, loaded, total });
      this.status = status;
      this.responseText = JSON.stringify(body);
      setTimeout(() => this.onload?.(), 0);
    }
    abort() {
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
