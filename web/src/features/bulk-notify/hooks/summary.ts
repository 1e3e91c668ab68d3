// The audience in words, under the filters and in the confirmation: "Reaches 1,234 people: 1,200 by
// e-mail, 1,100 by SMS" and "SMS cost: ৳330.00 (3 parts each)", in the interface's digits.
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import type { AudienceSummary, Channel } from '../api/bulk-api';

const count = (v: unknown) => Math.max(0, Number(v) || 0);

/** The most any chosen channel reaches: 0 means nobody would get the message. */
export function reachableMost(summary: Pick<AudienceSummary, 'reachable'> | undefined, channels: readonly Channel[]): number {
  if (!summary) return 0;
  return channels.reduce((most, c) => Math.max(most, count(summary.reachable?.[c])), 0);
}

/** The reach line, and the cost line when SMS is among the channels (`t` of the bulk namespace). */
export function summaryLines(summary: AudienceSummary, channels: readonly Channel[], t: TFunction, lang: string): { reach: string; cost: string | null } {
  const n = (v: unknown) => formatNumber(count(v), lang);
  const people = count(summary.people);
  const head = t('bulk:summary.reaches', { count: people, n: n(people) });
  const parts = channels.map((c) => t(`bulk:summary.by_${c}`, { n: n(summary.reachable?.[c]) }));
  const reach = parts.length ? `${head}: ${parts.join(', ')}` : head;
  if (!channels.includes('sms')) return { reach, cost: null };
  const segments = count(summary.sms_segments);
  const cost = t('bulk:summary.cost', { count: segments, n: n(segments), amount: formatTaka(count(summary.sms_cost_poisha), lang, true) });
  return { reach, cost };
}
