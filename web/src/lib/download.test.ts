import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(filenameFromDisposition('attachment; filename="questions.xml"', 'x')).toBe('questions.xml');
    expect(filenameFromDisposition('attachment; filename=questions.csv', 'x')).toBe('questions.csv');
    expect(filenameFromDisposition("attachment; filename=\"q.csv\"; filename*=UTF-8''%E0%A6%AA%E0%A7%8D%E0%A6%B0%E0%A6%B6%E0%A7%8D%E0%A6%A8.csv", 'x')).toBe('প্রশ্ন.csv');
  });

  it('falls back without a usable name and keeps folders out', () => {
    expect(filenameFromDisposition(null, 'questions.csv')).toBe('questions.csv');
    expect(filenameFromDisposition('attachment', 'questions.csv')).toBe('questions.csv');
    expect(filenameFromDisposition('attachment; filename=""', 'questions.csv')).toBe('questions.csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
  });
});
