import { describe, expect, it } from 'vitest';
import { overlayBundles } from './overlay';

describe('overlayBundles', () => {
  it('groups "ns:dotted.key" values into nested bundles', () => {
    expect(
      overlayBundles({ 'common:nav.home': 'Start', 'auth:login.title': 'Hi', 'common:nav.more': 'Extra', 'plain.key': 'P', 'x:': 'skip', 'common:empty': '' }),
    ).toEqual({
      common: { nav: { home: 'Start', more: 'Extra' }, plain: { key: 'P' } },
      auth: { login: { title: 'Hi' } },
    });
  });
  it('ignores non-string values', () => {
    expect(overlayBundles({ 'common:a': 3 as unknown as string })).toEqual({});
  });
});
