// /bulknotify/email, /sms, /system (the bell) and /custom: one page, its channel preset told by the
// route (keyed by it: another preset starts a fresh form). On top the presets as tabs, then the
// compose card (the message, who gets it and what it costs, now or later) and the history (the
// site's bulk messages with their live progress, a page at a time: ?page=). The routes let in the
// super and partner classes whose role may add people (users.create: app/signed-in-routes.tsx).
import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { parsePage, withPage } from '../../../lib/pager';
import { BULK_PRESETS, bulkPath, type BulkPreset } from '../hooks/bulk-form';
import { ComposeCard } from './compose-card';
import { History } from './history';

export default function BulkNotifyPage({ preset }: { preset: BulkPreset }) {
  const { t } = useTranslation('bulk');
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const historyRef = useRef<HTMLElement>(null);
  const setPage = useCallback(
    (p: number, scroll = true) => {
      setParams((prev) => withPage(prev, p));
      if (scroll) historyRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    [setParams],
  );
  return (
    <Box data-testid="bulk-page" data-preset={preset} sx={{ minWidth: 0 }}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <PresetTabs preset={preset} />
      <Stack spacing={3}>
        {/* A message sent shows on top of the history's first page. */}
        <ComposeCard preset={preset} onSent={() => setPage(1, false)} />
        <History ref={historyRef} page={page} onPage={setPage} />
      </Stack>
    </Box>
  );
}

/** E-mail, SMS, System notification, Custom: links to the presets' pages. */
export function PresetTabs({ preset }: { preset: BulkPreset }) {
  const { t } = useTranslation('bulk');
  const label = t('presets.label');
  return (
    <Box component="nav" aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }} data-testid="bulk-presets">
      <Tabs value={preset} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={label}>
        {BULK_PRESETS.map((p) => (
          <Tab
            key={p}
            value={p}
            label={t(`presets.${p}`)}
            component={RouterLink}
            to={bulkPath(p)}
            aria-current={p === preset ? 'page' : undefined}
            sx={{ minWidth: 72 }}
            data-testid={`bulk-preset-${p}`}
          />
        ))}
      </Tabs>
    </Box>
  );
}
