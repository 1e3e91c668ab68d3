import { describe, expect, it } from 'vitest';
import { stepStatuses } from './provisioning-progress';

describe('provisioning step statuses', () => {
  it('takes the latest event per step, pending otherwise', () => {
    const s = stepStatuses({
      state: 'running',
      step: 'migrate',
      attempts: 2,
      last_error: null,
      next_attempt_at: null,
      steps: ['schema', 'migrate', 'certificate'],
      events: [
        { step: 'schema', status: 'started', message: null, at: '2026-01-01T00:00:00Z' },
        { step: 'schema', status: 'done', message: null, at: '2026-01-01T00:00:01Z' },
        { step: 'migrate', status: 'failed', message: 'boom', at: '2026-01-01T00:00:02Z' },
        { step: 'migrate', status: 'started', message: null, at: '2026-01-01T00:00:03Z' },
      ],
    });
    expect(s.schema.status).toBe('done');
    expect(s.migrate.status).toBe('started');
    expect(s.certificate.status).toBe('pending');
  });
});
