// The home slides as a table on a wide screen and as cards on a phone, by position: the picture,
// the titles in both languages, the subtitle, the days it shows, and a switch that takes it off the
// home page or puts it back without opening the form.
import { Box, FormControlLabel, IconButton, Stack, Switch, TableCell, TableRow, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { CourseThumbnail } from '../../../components/ui/course-thumbnail';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { formatDay, localTitle, otherTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import type { Slider } from '../api/site-extras-api';
import { ListTable } from './list-table';

export interface SliderListProps {
  items: Slider[];
  lang: string;
  /** The slide being changed. */
  busy: number | null;
  onEdit: (s: Slider) => void;
  onDelete: (s: Slider) => void;
  onActive: (s: Slider, active: boolean) => void;
}

type RowProps = Omit<SliderListProps, 'items'> & { slider: Slider };

/** The days a slide shows: from, until, both, or always. */
export function useSlideDays() {
  const { t } = useTranslation('publishing');
  return (s: Pick<Slider, 'start_date' | 'end_date'>, lang: string) => {
    const from = formatDay(s.start_date, lang);
    const until = formatDay(s.end_date, lang);
    if (from && until) return t('sliders.days.between', { from, until });
    if (from) return t('sliders.days.from', { from });
    if (until) return t('sliders.days.until', { until });
    return t('sliders.days.always');
  };
}

function Headline({ slider: s, lang }: { slider: Slider; lang: string }) {
  const title = localTitle(s, lang);
  const other = otherTitle(s, lang);
  const subtitle = localTitle({ title: s.subtitle, title_bn: s.subtitle_bn }, lang);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ position: 'relative', width: 112, flexShrink: 0, aspectRatio: '16 / 9', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
        <CourseThumbnail src={s.image} iconSize={24} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="slider-title" data-user-content>
          {title}
        </Typography>
        {other && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
            {other}
          </Typography>
        )}
        {subtitle && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }} data-user-content>
            {subtitle}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

function ActiveSwitch({ slider: s, busy, onActive, withLabel }: RowProps & { withLabel?: boolean }) {
  const { t } = useTranslation('publishing');
  const control = (
    <Switch
      checked={s.active}
      disabled={busy === s.id}
      onChange={(e) => onActive(s, e.target.checked)}
      slotProps={{ input: { 'aria-label': `${t('sliders.active')}: ${s.title}` } }}
      data-testid="slider-active"
    />
  );
  return withLabel ? <FormControlLabel control={control} label={t('sliders.active')} /> : control;
}

function Actions({ slider: s, busy, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation('publishing');
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: { md: 'flex-end' } }}>
      <Tooltip title={t('actions.edit')}>
        <IconButton disabled={busy === s.id} onClick={() => onEdit(s)} aria-label={`${t('actions.edit')}: ${s.title}`} data-testid="edit-slider">
          <EditOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('actions.delete')}>
        <IconButton color="error" disabled={busy === s.id} onClick={() => onDelete(s)} aria-label={`${t('actions.delete')}: ${s.title}`} data-testid="delete-slider">
          <DeleteOutlineIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** Wide screens: one row per slide. */
export function SlidersTable({ items, ...props }: SliderListProps) {
  const { t } = useTranslation('publishing');
  const days = useSlideDays();
  return (
    <ListTable
      testId="sliders-table"
      head={
        <>
          <TableCell>{t('sliders.position')}</TableCell>
          <TableCell>{t('sliders.slide')}</TableCell>
          <TableCell>{t('sliders.shown')}</TableCell>
          <TableCell>{t('sliders.active')}</TableCell>
        </>
      }
    >
      {items.map((s) => (
        <TableRow key={s.id} hover data-testid="slider-row" data-active={s.active ? 'true' : 'false'}>
          <TableCell data-testid="slider-position">{formatNumber(s.position, props.lang)}</TableCell>
          <TableCell sx={{ maxWidth: 480 }}>
            <Headline slider={s} lang={props.lang} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="slider-days">
            {days(s, props.lang)}
          </TableCell>
          <TableCell>
            <ActiveSwitch slider={s} {...props} />
          </TableCell>
          <TableCell align="right">
            <Actions slider={s} {...props} />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/** Phones: one block per slide. */
export function SliderCards({ items, ...props }: SliderListProps) {
  const { t } = useTranslation('publishing');
  const days = useSlideDays();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="slider-cards">
      {items.map((s) => (
        <Box component="li" key={s.id} data-testid="slider-row" data-active={s.active ? 'true' : 'false'} sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
          <Headline slider={s} lang={props.lang} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            <span data-testid="slider-position">{t('sliders.position_n', { n: formatNumber(s.position, props.lang) })}</span>
            {' · '}
            <span data-testid="slider-days">{days(s, props.lang)}</span>
          </Typography>
          <Stack direction="row" sx={{ mt: 0.5, alignItems: 'center', justifyContent: 'space-between' }}>
            <ActiveSwitch slider={s} {...props} withLabel />
            <Actions slider={s} {...props} />
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
