import { describe, expect, it } from 'vitest';
import { personLogin, shareList, splitLogins } from './share-people';

describe('sharing with colleagues', () => {
  it('splits what is typed and sends the people kept (by e-mail or mobile) and added, once each', () => {
    expect(splitLogins(' a@example.com, 01711000000;b@example.com\nc@example.com ')).toEqual(['a@example.com', '01711000000', 'b@example.com', 'c@example.com']);
    const kept = [
      { id: 4, name: 'Mahbub Alam', email: 'dhaka-admin@example.com' },
      { id: 5, name: 'Rokeya', phone: '+8801700000005' },
      { id: 6, name: 'Unknown login' },
    ];
    expect(shareList(kept, ['DHAKA-ADMIN@example.com', 'teacher@example.com', 'teacher@example.com'])).toEqual(['dhaka-admin@example.com', '+8801700000005', 'teacher@example.com']);
    expect(shareList([], [])).toEqual([]);
  });

  it('knows a person again by their e-mail, else their mobile', () => {
    expect(personLogin({ id: 1, name: 'A', email: ' a@example.com ', phone: '017' })).toBe('a@example.com');
    expect(personLogin({ id: 1, name: 'A', email: null, phone: '+8801700000005' })).toBe('+8801700000005');
    expect(personLogin({ id: 1, name: 'A', email: ' ', phone: null })).toBeNull();
  });
});
