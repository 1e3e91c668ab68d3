import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './resources';
import type { CourseType } from '../lib/catalogue';

const root = join(__dirname, 'locales');

function flat(o: unknown, pre = ''): Record<string, unknown> {
  if (o && typeof o === 'object' && !Array.isArray(o)) {
    return Object.entries(o as Record<string, unknown>).reduce(
      (acc, [k, v]) => ({ ...acc, ...flat(v, pre ? `${pre}.${k}` : k) }),
      {} as Record<string, unknown>,
    );
  }
  return { [pre]: o };
}

function load(lang: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of readdirSync(join(root, lang)).filter((f) => f.endsWith('.json'))) {
    const ns = f.replace(/\.json$/, '');
    for (const [k, v] of Object.entries(flat(JSON.parse(readFileSync(join(root, lang, f), 'utf8'))))) out[`${ns}:${k}`] = v;
  }
  return out;
}

describe('i18n catalogues', () => {
  const en = load('en');
  const bn = load('bn');
  it('name every course type a course card shows (all but a plain course)', () => {
    const types: Exclude<CourseType, 'course'>[] = ['webinar', 'masterclass', 'exam', 'training'];
    for (const type of types) for (const cat of [en, bn]) expect(cat[`common:course_card.type_${type}`], type).toBeTruthy();
  });

  it('have exactly the same keys in en and bn', () => {
    expect(Object.keys(bn).sort()).toEqual(Object.keys(en).sort());
  });
  it('have no empty values', () => {
    for (const [k, v] of Object.entries({ ...en, ...bn })) {
      expect(typeof v === 'string' && v.trim() !== '', k).toBe(true);
    }
  });
  it('use the same interpolation variables in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]).sort();
    for (const k of Object.keys(en)) expect(vars(bn[k]), k).toEqual(vars(en[k]));
  });
  it('give every plural both forms (English and Bangla have _one and _other) and interpolate the count', () => {
    for (const k of Object.keys(en).filter((k) => /_(one|other)$/.test(k))) {
      const base = k.replace(/_(one|other)$/, '');
      expect(en[`${base}_one`], `${base}_one`).toBeDefined();
      expect(en[`${base}_other`], `${base}_other`).toBeDefined();
      expect(String(en[k]), k).toMatch(/{{\s*(count|n)\b/);
    }
  });
  it('ship one file per registered namespace', () => {
    for (const lang of ['en', 'bn']) {
      const files = readdirSync(join(root, lang)).map((f) => f.replace(/\.json$/, '')).sort();
      expect(files).toEqual([...NAMESPACES].sort());
    }
  });
});
