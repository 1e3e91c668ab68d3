// An item's parts in order, as steps: done (a tick), open, locked (a lock), or every part for its
// owner and colleagues. With `onOpen` each is a button that shows the part; without (someone not
// enrolled) the titles are listed only.
import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import type { Part } from '../api/contents-api';
import { partState, type PartState } from '../hooks/content-journey';
import { ContentTypeIcon, partIconType } from './content-type-icon';

function StateIcon({ part, state, selected }: { part: Part; state: PartState; selected: boolean }) {
  const { t } = useTranslation('contents');
  if (state === 'done') return <CheckCircleIcon color="success" fontSize="small" titleAccess={t('contents:page.state.done')} />;
  if (state === 'locked') return <LockOutlinedIcon fontSize="small" titleAccess={t('contents:page.state.locked')} />;
  return <ContentTypeIcon type={partIconType(part)} fontSize="small" color={selected ? 'primary' : 'action'} titleAccess={state === 'open' ? t('contents:page.state.open') : undefined} />;
}

export interface PartListProps {
  parts: Part[];
  /** The caller goes through them in order (else they preview them, or see their titles only). */
  enrolled: boolean;
  /** The part shown. */
  current: number | null;
  /** Absent: the titles only (not enrolled). */
  onOpen?: (id: number) => void;
}

export function PartList({ parts, enrolled, current, onOpen }: PartListProps) {
  const { t, i18n } = useTranslation('contents');
  const lang = i18n.language;
  return (
    <Box component="nav" aria-labelledby="part-list-title" data-testid="part-list">
      <Typography id="part-list-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, px: 2, pt: 1.5 }}>
        {t('contents:page.parts')}
      </Typography>
      <List component="ol" dense sx={{ listStyle: 'none' }}>
        {parts.map((part, i) => {
          const state: PartState = onOpen ? partState(part, enrolled) : 'locked';
          const selected = part.id === current;
          const label = localTitle(part, lang) || t('contents:parts.part_n', { n: formatNumber(i + 1, lang) });
          const secondary = t('contents:page.step', { n: formatNumber(i + 1, lang), kind: t(`contents:parts.kinds.${part.kind}`) });
          const inner = (
            <>
              <ListItemIcon sx={{ minWidth: 34 }}>
                <StateIcon part={part} state={state} selected={selected} />
              </ListItemIcon>
              <ListItemText primary={label} secondary={secondary} slotProps={{ primary: { sx: { fontWeight: selected ? 700 : 500, overflowWrap: 'anywhere' }, 'data-user-content': true } as object }} />
            </>
          );
          return onOpen ? (
            <ListItem key={part.id} disablePadding component="li">
              <ListItemButton
                selected={selected}
                aria-current={selected ? 'step' : undefined}
                onClick={() => onOpen(part.id)}
                sx={{ opacity: state === 'locked' ? 0.7 : 1 }}
                data-testid="part-item"
                data-state={state}
                data-part-id={part.id}
              >
                {inner}
              </ListItemButton>
            </ListItem>
          ) : (
            <ListItem key={part.id} component="li" sx={{ opacity: 0.8 }} data-testid="part-item" data-state="locked" data-part-id={part.id}>
              {inner}
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
