import { describe, expect, it } from 'vitest';
import { render, text } from '../../../lib/test-render';
import { importReport } from '../hooks/import-report';
import { ImportReportTable, REPORT_MAX_ROWS } from './import-report-table';

const refused = importReport({
  'rows.12.marks': ['একটি সংখ্যা লিখুন।'],
  'rows.3.answer': ['প্রদত্ত বিকল্পগুলোর একটি বেছে নিন।'],
  'rows.3.options.1.text_bn': ['এই ঘরটি পূরণ করা আবশ্যক।'],
});

describe('import report table', () => {
  it('lists the problems by line in Bangla, with Bangla digits and the CSV column', async () => {
    const html = await render('bn', <ImportReportTable rows={refused.rows} kind="csv" />);
    const body = text(html);
    expect(html.match(/data-testid="import-report-row"/g)).toHaveLength(3);
    expect([...html.matchAll(/data-row="(\d+)" data-field="([^"]+)"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(['3:options.1.text_bn', '3:answer', '12:marks']);
    expect(body).toContain('লাইন');
    expect(body).toContain('সারি অনুযায়ী সমস্যা');
    expect(body).toContain('৩টি সমস্যা');
    expect(body).toContain('বিকল্প ২ (বাংলা)');
    expect(body).toContain('কলাম options_bn');
    expect([...html.matchAll(/data-testid="import-report-line">([^<]*)</g)].map((m) => m[1])).toEqual(['৩', '৩', '১২']);
    expect(body).toContain('একটি সংখ্যা লিখুন।');
  });

  it('numbers the questions of a Moodle file, without CSV columns', async () => {
    const html = await render('en', <ImportReportTable rows={refused.rows} kind="xml" />);
    const body = text(html);
    expect(html).toContain('data-kind="xml"');
    expect(body).toContain('Question Field Problem');
    expect(body).toContain('3 problems');
    expect(body).toContain('Option 2 (Bangla)');
    expect(body).not.toContain('column ');
  });

  it('says how many problems it leaves out of a long report', async () => {
    const many = Object.fromEntries(Array.from({ length: REPORT_MAX_ROWS + 5 }, (_, i) => [`rows.${i + 2}.type`, ['Choose one of the offered values.']]));
    const html = await render('en', <ImportReportTable rows={importReport(many).rows} kind="csv" />);
    expect(html.match(/data-testid="import-report-row"/g)).toHaveLength(REPORT_MAX_ROWS);
    expect(text(html)).toContain(`Showing the first ${REPORT_MAX_ROWS} of ${REPORT_MAX_ROWS + 5} problems.`);
  });
});
