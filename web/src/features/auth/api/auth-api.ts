import { api } from '../../../lib/api-client';
import type { DataEnvelope, UserInfo } from '../../../lib/types';

export interface AuthResult {
  token: string;
  user: UserInfo;
}

export function login(body: { email: string; password: string }) {
  return api<DataEnvelope<AuthResult>>('/my-account/user/login', { method: 'POST', body }).then((r) => r.data);
}

export function register(body: { name: string; email: string; phone?: string; password: string }) {
  return api<DataEnvelope<AuthResult>>('/my-account/user/register', { method: 'POST', body }).then((r) => r.data);
}

export function logout() {
  return api<DataEnvelope<{ ok: boolean }>>('/my-account/user/logout', { method: 'POST' });
}
