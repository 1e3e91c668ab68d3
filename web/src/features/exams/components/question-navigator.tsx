// Numbered buttons, one per question: filled when answered, outlined when not, the current one
// marked; the arrow keys move along them.
import { Box, Button, ButtonBase, Stack, Typography } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';

export interface NavItem {
  slot: number;
  answered: boolean;
  /** Not saved yet, or the save failed. */
  unsaved: boolean;
}

/** `open`/`onToggle`: a long paper on a phone can fold the buttons away (undefined: always shown). */
export function QuestionNavigator({ items, current, onGo, open, onToggle }: { items: readonly NavItem[]; current: number; onGo: (index: number) => void; open?: boolean; onToggle?: () => void }) {
  const { t, i18n } = useTranslation('exams');
  const lang = i18n.language;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const answered = items.filter((i) => i.answered).length;

  const onKey = (e: KeyboardEvent, i: number) => {
    const to = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : null;
    if (to === null || to < 0 || to >= items.length) return;
    e.preventDefault();
    refs.current[to]?.focus();
  };

  return (
    <Box component="nav" aria-label={t('take.navigator')} data-testid="question-navigator">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: open === false ? 0 : 1 }}>
        <Typography variant="body2" color="text.secondary" data-testid="answered-count">
          {t('take.answered_of', { answered: formatNumber(answered, lang), total: formatNumber(items.length, lang) })}
        </Typography>
        {onToggle && (
          <Button size="small" onClick={onToggle} aria-expanded={!!open} aria-controls="question-buttons" endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />} data-testid="toggle-navigator">
            {open ? t('take.hide_numbers') : t('take.show_numbers')}
          </Button>
        )}
      </Stack>
      <Box component="ol" id="question-buttons" hidden={open === false} sx={{ listStyle: 'none', p: 0, m: 0, display: open === false ? 'none' : 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {items.map((item, i) => {
          const isCurrent = i === current;
          const n = formatNumber(i + 1, lang);
          const state = item.answered ? t('take.nav_answered') : t('take.nav_unanswered');
          return (
            <li key={item.slot}>
              <ButtonBase
                ref={(el) => {
                  refs.current[i] = el;
                }}
                onClick={() => onGo(i)}
                onKeyDown={(e) => onKey(e, i)}
                aria-current={isCurrent ? 'step' : undefined}
                aria-label={t('take.nav_label', { n, state })}
                data-testid="nav-question"
                data-answered={item.answered}
                data-current={isCurrent}
                sx={{
                  width: 40,
                  height: 40,
                  borderRadius: 1.5,
                  fontWeight: 700,
                  fontSize: 15,
                  border: 2,
                  borderColor: isCurrent ? 'text.primary' : item.answered ? 'primary.main' : 'divider',
                  bgcolor: item.answered ? 'primary.main' : 'background.paper',
                  color: item.answered ? 'primary.contrastText' : 'text.primary',
                  position: 'relative',
                  '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
                }}
              >
                {n}
                {item.unsaved && (
                  <Box component="span" aria-hidden sx={{ position: 'absolute', top: 2, right: 2, width: 7, height: 7, borderRadius: '50%', bgcolor: 'warning.main' }} />
                )}
              </ButtonBase>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
