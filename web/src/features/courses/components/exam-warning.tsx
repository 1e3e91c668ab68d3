import { Chip } from '@mui/material';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import { useTranslation } from 'react-i18next';
import { isExamLesson } from '../../../lib/lesson-kinds';
import type { Lesson } from '../api/courses-api';

/** A quiz or exam lesson whose exam learners cannot take: removed, or not published yet. */
export function ExamWarning({ lesson }: { lesson: Pick<Lesson, 'lesson_type' | 'exam_uuid' | 'exam_published'> }) {
  const { t } = useTranslation('courses');
  if (!isExamLesson(lesson.lesson_type)) return null;
  const problem = !lesson.exam_uuid ? 'removed' : lesson.exam_published === false ? 'unpublished' : null;
  if (!problem) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={problem === 'removed' ? 'error' : 'warning'}
      icon={<WarningAmberOutlinedIcon />}
      label={t(problem === 'removed' ? 'courses:syllabus.exam_removed' : 'courses:syllabus.exam_unpublished')}
      data-testid="lesson-exam-warning"
      data-problem={problem}
      // The longer text wraps on a phone instead of running out of the row.
      sx={{ height: 'auto', minHeight: 20, maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}
