import { Box, Button, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../../../lib/course-text';
import type { Lesson, LessonMedia } from '../api/learn-api';
import { isPdf } from '../hooks/media-embed';
import { VideoPlayer } from './video-player';

export function lessonMedia(lesson: Lesson): LessonMedia | null {
  if (lesson.media?.url) return lesson.media;
  if (lesson.media_url) return { url: lesson.media_url, kind: 'external', mime: null };
  return null;
}

/** A lesson's content by type: players, picture, documents, the manual's HTML or discussion text. */
export function LessonContent({ lesson }: { lesson: Lesson }) {
  const { t, i18n } = useTranslation('learn');
  const title = localTitle(lesson, i18n.language);
  const media = lessonMedia(lesson);
  const type = lesson.lesson_type;
  let main: React.ReactNode = null;

  if (type === 'manual') {
    main = lesson.body ? (
      <Box
        className="lesson-body"
        data-testid="lesson-body"
        // The server sanitises manual lessons' HTML.
        dangerouslySetInnerHTML={{ __html: lesson.body }}
        sx={{
          fontSize: 17,
          lineHeight: 1.75,
          overflowWrap: 'anywhere',
          '& img, & video': { maxWidth: '100%', height: 'auto' },
          '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
          '& td, & th': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
          '& pre': { overflowX: 'auto', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 },
          '& a': { color: 'primary.main' },
        }}
      />
    ) : null;
  } else if (type === 'discussion') {
    main = lesson.body ? (
      <Typography data-testid="lesson-body" sx={{ whiteSpace: 'pre-line', fontSize: 17, lineHeight: 1.75, overflowWrap: 'anywhere' }}>
        {lesson.body}
      </Typography>
    ) : null;
  } else if (media) {
    if (type === 'video') {
      main = <VideoPlayer url={media.url} title={title} />;
    } else if (type === 'audio') {
      main = <Box component="audio" controls preload="metadata" src={media.url} sx={{ width: '100%' }} data-testid="lesson-audio" />;
    } else if (type === 'image') {
      main = <Box component="img" src={media.url} alt={title} sx={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 2, mx: 'auto' }} data-testid="lesson-image" />;
    } else {
      // document, presentation (and anything else with a file or link)
      const pdf = isPdf(media.url, media.mime);
      main = (
        <Box data-testid="lesson-document">
          <Button variant="outlined" href={media.url} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />} sx={{ mb: pdf ? 2 : 0 }}>
            {lesson.file_name ? t('journey.open_named', { name: lesson.file_name }) : t('journey.open_document')}
          </Button>
          {pdf && (
            <Box
              component="iframe"
              src={media.url}
              title={title}
              sx={{ display: 'block', width: '100%', height: { xs: '70vh', md: '78vh' }, border: 1, borderColor: 'divider', borderRadius: 2 }}
            />
          )}
        </Box>
      );
    }
  }

  const description = type !== 'manual' && type !== 'discussion' && lesson.body ? lesson.body : null;
  if (!main && !description) {
    return (
      <Typography color="text.secondary" sx={{ py: 4 }} data-testid="lesson-empty">
        {t('journey.no_content')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {main}
      {description && (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} color="text.secondary">
          {description}
        </Typography>
      )}
    </Box>
  );
}
