// The batch a tab shows (its people, a certificate exam's candidates or results): a select of the
// course's batches, the first one until another is chosen; without one, the way to make it.
import { Button, Card, MenuItem, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDay, localName } from '../../../lib/course-text';
import type { Batch } from '../api/courses-api';

/** The chosen batch's id (the first batch's while none, or a gone one, is chosen) and its setter. */
export function useBatchChoice(batches: readonly Batch[]) {
  const [chosen, setChosen] = useState<number | null>(null);
  const batchId = chosen != null && batches.some((b) => b.id === chosen) ? chosen : (batches[0]?.id ?? null);
  return [batchId, setChosen] as const;
}

/** A batch as a select or a list names it: its name (or `untitled`) and its start date. */
export function batchLabel(b: Batch, lang: string, untitled: string) {
  return `${localName(b, lang) || untitled} · ${formatDay(b.start_date, lang)}`;
}

export function BatchSelect({ id, batches, value, onChange }: { id: string; batches: readonly Batch[]; value: number | null; onChange: (id: number) => void }) {
  const { t, i18n } = useTranslation('courses');
  const lang = i18n.language;
  return (
    <TextField select size="small" id={id} label={t('people.batch')} value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))} sx={{ minWidth: { md: 280 } }}>
      {batches.map((b) => (
        <MenuItem key={b.id} value={b.id}>
          {batchLabel(b, lang, t('batches.untitled'))}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The course has no batch the tab can show: why (`message`), and the way to the Batches tab (`to`). */
export function BatchesFirst({ icon, message, to }: { icon: ReactNode; message: string; to: string }) {
  const { t } = useTranslation('courses');
  return (
    <Card>
      <EmptyState
        icon={icon}
        message={message}
        action={
          <Button component={RouterLink} to={to} variant="contained">
            {t('people.go_batches')}
          </Button>
        }
      />
    </Card>
  );
}
