import { describe, expect, it } from 'vitest';
import { fittingOverlay, overlayBundles, textVariables } from './overlay';

describe('overlayBundles', () => {
  it('groups "ns:dotted.key" values into nested bundles', () => {
    expect(
      overlayBundles({ 'common:nav.home': 'Start', 'auth:login.title': 'Hi', 'common:nav.more': 'Extra', 'plain.key': 'P', 'x:': 'skip', 'common:empty': '' }),
    ).toEqual({
      common: { nav: { home: 'Start', more: 'Extra' }, plain: { key: 'P' } },
      auth: { login: { title: 'Hi' } },
    });
  });
  it('leaves out texts whose variables differ from the shipped ones', () => {
    const shipped = { list: { lessons_one: '{{count, number}} lesson', title: 'Courses' } };
    expect(fittingOverlay({ list: { lessons_one: '{{n}} lesson', title: 'All courses', extra: '{{x}}' } }, shipped)).toEqual({
      list: { title: 'All courses', extra: '{{x}}' },
    });
    expect(fittingOverlay({ list: { lessons_one: '{{ count, number }} lesson in all' } }, shipped)).toEqual({
      list: { lessons_one: '{{ count, number }} lesson in all' },
    });
    expect(textVariables('{{done}} of {{count, number}} {{done}}')).toEqual(['count', 'done']);
  });
  it('ignores non-string values', () => {
    expect(overlayBundles({ 'common:a': 3 as unknown as string })).toEqual({});
  });
});
