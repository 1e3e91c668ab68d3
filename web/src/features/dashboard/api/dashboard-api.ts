import { api } from '../../../lib/api-client';
import type { DataEnvelope, UserInfo } from '../../../lib/types';

/** POST /my-account/user/switch-role/{id}; 0 switches to learner. */
export function switchRole(id: number) {
  return api<DataEnvelope<UserInfo>>(`/my-account/user/switch-role/${id}`, { method: 'POST' }).then((r) => r.data);
}
