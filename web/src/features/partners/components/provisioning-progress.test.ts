import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en/partners.json';
import bn from '../../../i18n/locales/bn/partners.json';
import { KNOWN_STEPS, stepStatuses } from './provisioning-progress';

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

describe('provisioning labels', () => {
  it('names every known step and status in English and Bangla', () => {
    for (const cat of [en, bn]) {
      const steps = cat.details.steps as Record<string, string>;
      for (const s of KNOWN_STEPS) {
        expect(steps[s], s).toBeTruthy();
        expect(steps[s]).not.toBe(s);
      }
      for (const st of ['pending', 'started', 'done', 'failed', 'skipped']) {
        expect((cat.details.step_status as Record<string, string>)[st], st).toBeTruthy();
      }
    }
    expect(en.details.steps.create_role).not.toBe(bn.details.steps.create_role);
  });
});
