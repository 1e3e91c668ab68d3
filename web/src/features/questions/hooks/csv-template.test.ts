import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '../api/questions-api';
import { CSV_COLUMNS, csvCell, csvTemplate, csvTemplateBlob, csvText } from './csv-template';

/** RFC 4180 reading (quoted cells, doubled quotes, CRLF), enough to check what we write. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('CSV template', () => {
  const rows = parseCsv(csvTemplate());
  const record = (r: string[]) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i]]));

  it('starts with the header row naming every column the import reads', () => {
    expect(csvTemplate().split('\r\n')[0]).toBe('type,text,text_bn,marks,negative_marks,options,options_bn,answer,explanation,explanation_bn');
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r).toHaveLength(CSV_COLUMNS.length);
  });

  it('has a Bangla multiple-choice example whose answer names one of its options', () => {
    const mc = record(rows[1]);
    expect(mc.type).toBe('multiple_choice');
    expect(mc.text_bn).toMatch(/[\u0980-\u09FF]/);
    const options = mc.options_bn.split('|');
    expect(options.length).toBeGreaterThanOrEqual(2);
    expect(options.every((o) => /[\u0980-\u09FF]/.test(o))).toBe(true);
    const right = mc.answer.split('|').map(Number);
    expect(right).toHaveLength(1);
    expect(right[0]).toBeGreaterThanOrEqual(1);
    expect(right[0]).toBeLessThanOrEqual(options.length);
    expect(Number(mc.marks)).toBeGreaterThan(0);
    expect(Number(mc.negative_marks)).toBeLessThanOrEqual(Number(mc.marks));
  });

  it('has a short-answer example with accepted answers separated by |', () => {
    const sa = record(rows[2]);
    expect(sa.type).toBe('short_answer');
    expect(sa.text || sa.text_bn).toBeTruthy();
    expect(sa.answer.split('|').length).toBeGreaterThanOrEqual(2);
    expect(sa.options + sa.options_bn).toBe('');
    expect(Number(sa.marks)).toBeGreaterThan(0);
  });

  it('uses only known question types', () => {
    for (const r of rows.slice(1)) expect(QUESTION_TYPES).toContain(record(r).type);
  });

  it('is saved as UTF-8 with a byte-order mark for Excel', async () => {
    const blob = csvTemplateBlob();
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(csvTemplate());
  });
});

describe('csvCell', () => {
  it('quotes cells with commas, quotes, line breaks or edge spaces only', () => {
    expect(csvCell('ঢাকা|খুলনা')).toBe('ঢাকা|খুলনা');
    expect(csvCell('Dhaka, Bangladesh')).toBe('"Dhaka, Bangladesh"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' x')).toBe('" x"');
    expect(csvCell('')).toBe('');
    expect(parseCsv(csvText([['a,b', 'c"d', 'e\r\nf']]))).toEqual([['a,b', 'c"d', 'e\r\nf']]);
  });
});
