import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, input, json, noop, render, stubFetch, text } from '../../../lib/test-render';
import { createBatch, type Batch } from '../api/courses-api';
import { batchBody, batchProblems, batchValues, isPriceInvalid, priceText, takaInput } from '../hooks/batch-form';
import { BatchPriceField } from './batch-dialog';

const today = new Date(2026, 2, 5);
const saved = { id: 4, name: 'Morning', name_bn: 'সকাল', start_date: '2026-03-05', price_poisha: 150_050 } as Batch;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('batch price', () => {
  it('is a text field with the decimal keypad (Bangla digits allowed), hinting that 0 or empty is free', async () => {
    const html = await render('en', <BatchPriceField value="" onChange={noop} current={0} />);
    const field = input(html, 'batch-price');
    expect(field).toContain('inputMode="decimal"');
    expect(field).not.toContain('type="number"');
    expect(field).toContain('aria-invalid="false"');
    expect(text(html)).toContain('Price (৳)');
    expect(text(html)).toContain('0 or empty: free');

    // Editing a paid batch: its price in taka, in Bangla digits in Bangla, and the saved price in the hint.
    const value = batchValues(saved, today, 'bn').price;
    expect(value).toBe('১৫০০.৫০');
    const bn = await render('bn', <BatchPriceField value={value} onChange={noop} current={saved.price_poisha} />);
    expect(input(bn, 'batch-price')).toContain('value="১৫০০.৫০"');
    expect(text(bn)).toContain('মূল্য (৳)');
    expect(text(bn)).toContain('এখন ১,৫০০.৫০৳। ০ বা ফাঁকা: বিনামূল্যে');
  });

  it('reads what was typed as taka and sends it as a string; empty is free', () => {
    expect(takaInput(150_000)).toBe('1500');
    expect(takaInput(150_005)).toBe('1500.05');
    expect(takaInput(0)).toBe('');
    expect(batchValues(null, today).price).toBe('');
    const v = { ...batchValues(null, today), name_bn: 'সকাল' };
    expect(batchBody({ ...v, price: '' }).price).toBe('0');
    expect(batchBody({ ...v, price: ' ১,৫০০.৫০ ' }).price).toBe('1500.50');
    expect(batchBody({ ...v, price: '৳2000' }).price).toBe('2000');
    expect(priceText('১৫০০')).toBe('1500');
    for (const ok of ['', '0', '1500', '1500.5', '১৫০০.৫০', '1,500']) expect(batchProblems({ ...v, price: ok }), ok).toEqual([]);
    for (const bad of ['abc', '1.234', '-5', '.5', '1e3']) expect(batchProblems({ ...v, price: bad }).map((p) => p.problem), bad).toEqual(['invalid_price']);
  });

  it("shows the server's price_invalid under the field, in the interface's words", async () => {
    stubFetch(() => json({ message: 'An error occurred.', code: 'price_invalid', errors: { price: ['An error occurred.'] } }, 422));
    const err = await createBatch({ course_id: 3, ...batchBody({ ...batchValues(null, today), name: 'Morning', price: '15OO' }) }).catch((e: unknown) => e);
    expect(isPriceInvalid(err)).toBe(true);
    // The payments contract's shape: the code as the price field's entry.
    expect(isPriceInvalid(new ApiError(422, 'The given data was invalid.', 'validation_failed', { price: ['price_invalid'] }))).toBe(true);
    expect(isPriceInvalid(new ApiError(422, 'x', 'validation_failed', { name: ['required'] }))).toBe(false);

    // The dialog puts errors:price_invalid on the field, in place of the hint.
    const message = resources.bn.errors.price_invalid as string;
    const html = await render('bn', <BatchPriceField value="15OO" onChange={noop} current={150_000} error={message} />);
    expect(input(html, 'batch-price')).toContain('aria-invalid="true"');
    expect(text(html)).toContain('টাকায় মূল্য লিখুন, যেমন ১৫০০ বা ১৫০০.৫০');
    expect(text(html)).not.toContain('এখন ১,৫০০৳');
  });

  it('sends the price with the batch', async () => {
    const fetchMock = stubFetch(() => json({ data: { ...saved, price_poisha: 150_000 } }, 201));
    await createBatch({ course_id: 3, ...batchBody({ ...batchValues(null, today), name: 'Morning', price: '১৫০০' }) });
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/batch/create');
    expect(JSON.parse(String(init.body))).toMatchObject({ course_id: 3, name: 'Morning', price: '1500' });
  });
});
