// The site figures' dates: two date inputs (stacked on phones) and a Show button, and the quick
// choices. A range the server would refuse (reversed, longer than 366 days, not dates) is refused
// here before asking; the server's own refusal of the range is shown on the same field.
import { Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { presetOf, presetRange, RANGE_PRESETS, rangeRefusal, type FigureRange, type RangeRefusal } from '../hooks/figures-range';

export function FiguresRangeForm({
  range,
  today,
  refusal,
  onApply,
}: {
  /** The range of the address. */
  range: FigureRange;
  today: string;
  /** Why the address's range is not shown (ours or the server's). */
  refusal: RangeRefusal | null;
  onApply: (range: FigureRange) => void;
}) {
  const { t } = useTranslation('dashboard');
  const [draft, setDraft] = useState(range);
  const [refused, setRefused] = useState<RangeRefusal | null>(null);
  // What the form says: a refusal of what was typed, else of the address's range while it is shown.
  const shown: RangeRefusal | null = refused ?? (draft.from === range.from && draft.to === range.to ? refusal : null);
  const field = shown?.field ?? null;
  const message = shown ? ('code' in shown ? t(`figures.range.errors.${shown.code}`) : shown.message) : null;
  const active = refusal ? null : presetOf(range, today);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = rangeRefusal(draft.from, draft.to);
    setRefused(problem);
    if (!problem) onApply(draft);
  };
  const edit = (key: 'from' | 'to', value: string) => {
    setRefused(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('figures.range.label')} data-testid="figures-range">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          type="date"
          size="small"
          id="figures-from"
          label={t('figures.range.from')}
          value={draft.from}
          onChange={(e) => edit('from', e.target.value)}
          error={field === 'from'}
          helperText={field === 'from' ? message : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: { sm: 170 } }}
        />
        <TextField
          type="date"
          size="small"
          id="figures-to"
          label={t('figures.range.to')}
          value={draft.to}
          onChange={(e) => edit('to', e.target.value)}
          error={field === 'to'}
          helperText={field === 'to' ? message : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: { sm: 170 } }}
        />
        <Button type="submit" variant="contained" data-testid="figures-show" sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 40 }}>
          {t('figures.range.show')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap role="group" aria-label={t('figures.range.presets')} sx={{ flexWrap: 'wrap', mt: 1.5 }}>
        {RANGE_PRESETS.map((p) => (
          <Button
            key={p}
            size="small"
            variant={active === p ? 'contained' : 'outlined'}
            aria-pressed={active === p}
            onClick={() => onApply(presetRange(p, today))}
            data-testid={`figures-preset-${p}`}
          >
            {t(`figures.range.preset.${p}`)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
