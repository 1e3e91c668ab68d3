// What the history says of a message: its title (the subject, else the body's first line), each
// channel's progress as a share and in words ("E-mail: sent 40 of 120, delivered 38, failed 2", in
// the interface's digits), and how many failed in all.
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/lang';
import { CHANNELS, type BulkMessage, type ChannelProgress } from '../api/bulk-api';

const count = (v: unknown) => Math.max(0, Number(v) || 0);

/** The channels of a message with their progress, in the contract's order (unknown ones after). */
export function channelsOf(message: Pick<BulkMessage, 'channels'>): string[] {
  const listed = Array.isArray(message.channels) ? message.channels : [];
  return [...CHANNELS.filter((c) => listed.includes(c)), ...listed.filter((c) => !(CHANNELS as readonly string[]).includes(c))];
}

/** The share of a channel's people handed on or given up, 0..100 (whole). */
export function progressPercent(p: ChannelProgress | undefined): number {
  const total = count(p?.total);
  if (!p || total === 0) return 0;
  const done = Math.min(total, Math.max(0, total - count(p.waiting)));
  return Math.floor((done * 100) / total);
}

/** A channel's name in words (`t` of the bulk namespace); an unknown one as the server named it. */
export function channelLabel(channel: string, t: TFunction): string {
  return (CHANNELS as readonly string[]).includes(channel) ? t(`bulk:channels.${channel}`) : channel;
}

/** "E-mail: sent 40 of 120, delivered 38, failed 2", in `lang`'s digits. */
export function progressText(channel: string, p: ChannelProgress | undefined, t: TFunction, lang: string): string {
  const n = (v: unknown) => formatNumber(count(v), lang);
  return t('bulk:progress.line', { channel: channelLabel(channel, t), sent: n(p?.sent), total: n(p?.total), delivered: n(p?.delivered), failed: n(p?.failed) });
}

/** How many failed, over every channel. */
export function failedCount(message: Pick<BulkMessage, 'progress'>): number {
  return Object.values(message.progress ?? {}).reduce((sum, p) => sum + count(p?.failed), 0);
}

/** The subject, else the body's first line (shortened), else ''. */
export function messageTitle(message: Pick<BulkMessage, 'subject' | 'body'>, max = 120): string {
  const subject = (message.subject ?? '').trim();
  const line = subject || ((message.body ?? '').split(/\r?\n/).find((l) => l.trim()) ?? '').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** Whether a message may still be stopped. */
export const cancellable = (message: Pick<BulkMessage, 'state'>) => message.state === 'scheduled' || message.state === 'sending';
