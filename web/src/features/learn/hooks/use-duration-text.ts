import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';

/** "45 min", "1 h 30 min", "2 h" in the interface language; empty for no duration. */
export function useDurationText() {
  const { t, i18n } = useTranslation('learn');
  return (minutes: number | null | undefined): string => {
    if (minutes == null || !Number.isFinite(minutes) || minutes <= 0) return '';
    const h = Math.floor(minutes / 60);
    const m = Math.round(minutes % 60);
    const n = (v: number) => formatNumber(v, i18n.language);
    if (h === 0) return t('duration.minutes', { m: n(m) });
    if (m === 0) return t('duration.hours', { h: n(h) });
    return t('duration.hours_minutes', { h: n(h), m: n(m) });
  };
}
