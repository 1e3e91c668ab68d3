import { Accordion, AccordionDetails, AccordionSummary, Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import type { OutlineSection } from '../api/learn-api';
import { useDurationText } from '../hooks/use-duration-text';
import { LessonTypeIcon } from './lesson-type-icon';

/** Sections with their lessons (type icon, title, duration); the first section starts open. */
export function SyllabusOutline({ sections }: { sections: OutlineSection[] }) {
  const { t, i18n } = useTranslation('learn');
  const lang = i18n.language;
  const duration = useDurationText();
  const [open, setOpen] = useState<Set<number>>(() => new Set(sections[0] ? [sections[0].id] : []));
  const lessons = sections.reduce((n, s) => n + s.lessons.length, 0);
  const minutes = sections.reduce((n, s) => n + s.lessons.reduce((m, l) => m + (l.duration_minutes ?? 0), 0), 0);
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOpen = sections.length > 0 && sections.every((s) => open.has(s.id));
  return (
    <Box component="section" aria-labelledby="syllabus-title" data-testid="syllabus">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography id="syllabus-title" variant="h6" component="h2">
          {t('details.syllabus')}
        </Typography>
        {sections.length > 1 && (
          <Typography
            component="button"
            type="button"
            onClick={() => setOpen(allOpen ? new Set() : new Set(sections.map((s) => s.id)))}
            sx={{ border: 0, bgcolor: 'transparent', color: 'primary.main', cursor: 'pointer', font: 'inherit', fontWeight: 600, p: 0 }}
          >
            {allOpen ? t('details.collapse_all') : t('details.expand_all')}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="syllabus-summary">
        {t('details.sections_n', { count: sections.length })} · {t('details.lessons_n', { count: lessons })}
        {minutes > 0 && ` · ${duration(minutes)}`}
      </Typography>
      {sections.length === 0 ? (
        <Typography color="text.secondary">{t('details.syllabus_empty')}</Typography>
      ) : (
        sections.map((s, i) => {
          const secMinutes = s.lessons.reduce((m, l) => m + (l.duration_minutes ?? 0), 0);
          return (
            <Accordion
              key={s.id}
              expanded={open.has(s.id)}
              onChange={() => toggle(s.id)}
              disableGutters
              variant="outlined"
              sx={{ '&:not(:last-of-type)': { borderBottom: 0 }, '&::before': { display: 'none' } }}
              data-testid="syllabus-section"
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ bgcolor: 'action.hover' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }}>
                    {t('details.section_n', { n: formatNumber(i + 1, lang) })}: {localTitle(s, lang)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" data-testid="syllabus-section-lessons">
                    {t('details.lessons_n', { count: s.lessons.length })}
                    {secMinutes > 0 && ` · ${duration(secMinutes)}`}
                  </Typography>
                </Box>
              </AccordionSummary>
              <AccordionDetails sx={{ p: 0 }}>
                <List dense disablePadding>
                  {s.lessons.map((l) => (
                    <ListItem key={l.id} sx={{ pl: 2 }} secondaryAction={<Typography variant="body2" color="text.secondary">{duration(l.duration_minutes)}</Typography>}>
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <LessonTypeIcon type={l.lesson_type} fontSize="small" titleAccess={t(`lesson_type.${l.lesson_type}`, { defaultValue: l.lesson_type })} />
                      </ListItemIcon>
                      <ListItemText primary={localTitle(l, lang)} sx={{ pr: 6 }} />
                    </ListItem>
                  ))}
                </List>
              </AccordionDetails>
            </Accordion>
          );
        })
      )}
    </Box>
  );
}
