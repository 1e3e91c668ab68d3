import { Box, LinearProgress, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import type { OutlineSection } from '../api/learn-api';
import { useDurationText } from '../hooks/use-duration-text';
import { LessonTypeIcon } from './lesson-type-icon';

export interface LessonListProps {
  sections: OutlineSection[];
  current: number | null;
  completed: Set<number>;
  locked: Set<number>;
  completedCount: number;
  total: number;
  percent: number;
  finished: boolean;
  showingDone: boolean;
  onOpen: (id: number) => void;
  onDone: () => void;
  /** A certificate exam's discussions: their entry, above the lessons (absent: none). */
  onDiscussions?: () => void;
  showingDiscussions?: boolean;
}

/**
 * Lessons by section with completion ticks and locks; a certificate entry once finished; a
 * certificate exam's discussions entry first.
 */
export function LessonList(p: LessonListProps) {
  const { t, i18n } = useTranslation('learn');
  const lang = i18n.language;
  const duration = useDurationText();
  return (
    <Box component="nav" aria-label={t('journey.lessons')} data-testid="lesson-list">
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle2">{t('journey.lessons')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('journey.completed_of', { done: formatNumber(p.completedCount, lang), count: p.total })}
        </Typography>
        <LinearProgress variant="determinate" value={p.percent} sx={{ mt: 1, height: 6, borderRadius: 3 }} />
      </Box>
      {p.onDiscussions && (
        <List dense disablePadding sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <ListItemButton selected={p.showingDiscussions} aria-current={p.showingDiscussions ? 'page' : undefined} onClick={p.onDiscussions} data-testid="lesson-list-discussions">
            <ListItemIcon sx={{ minWidth: 34 }}>
              <LessonTypeIcon type="discussion" fontSize="small" color={p.showingDiscussions ? 'primary' : 'action'} />
            </ListItemIcon>
            <ListItemText primary={t('lesson_type.discussion')} />
          </ListItemButton>
        </List>
      )}
      {p.sections.map((s) => (
        <List
          key={s.id}
          dense
          disablePadding
          subheader={
            <ListSubheader disableSticky sx={{ lineHeight: 1.4, py: 1.25, fontWeight: 700, color: 'text.primary', bgcolor: 'action.hover' }}>
              {localTitle(s, lang)}
            </ListSubheader>
          }
        >
          {s.lessons.map((l) => {
            const done = p.completed.has(l.id);
            const isLocked = p.locked.has(l.id);
            const selected = !p.showingDone && p.current === l.id;
            return (
              <ListItemButton
                key={l.id}
                selected={selected}
                aria-current={selected ? 'step' : undefined}
                onClick={() => p.onOpen(l.id)}
                data-testid="lesson-item"
                data-lesson-id={l.id}
                data-state={done ? 'done' : isLocked ? 'locked' : 'open'}
                sx={{ alignItems: 'flex-start', py: 1, opacity: isLocked ? 0.65 : 1 }}
              >
                <ListItemIcon sx={{ minWidth: 34, mt: 0.25 }}>
                  {done ? (
                    <CheckCircleIcon color="success" fontSize="small" titleAccess={t('journey.done')} />
                  ) : isLocked ? (
                    <LockOutlinedIcon fontSize="small" titleAccess={t('journey.locked')} />
                  ) : (
                    <LessonTypeIcon type={l.lesson_type} fontSize="small" color={selected ? 'primary' : 'action'} />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={localTitle(l, lang)}
                  secondary={[t(`lesson_type.${l.lesson_type}`, { defaultValue: l.lesson_type }), duration(l.duration_minutes)].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: { fontWeight: selected ? 700 : 500 } } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      ))}
      {p.finished && (
        <List dense disablePadding sx={{ borderTop: 1, borderColor: 'divider' }}>
          <ListItemButton selected={p.showingDone} onClick={p.onDone} data-testid="lesson-list-certificate">
            <ListItemIcon sx={{ minWidth: 34 }}>
              <WorkspacePremiumOutlinedIcon color="secondary" fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('journey.certificate_entry')} />
          </ListItemButton>
        </List>
      )}
    </Box>
  );
}
