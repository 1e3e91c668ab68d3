// A webinar in the webinars' list (/webinar/list): what the catalogue gives of it, and nothing
// more: its picture, its title in the interface's language, its speaker (the course's instructor),
// the site that holds it and its price or "Free". The catalogue has no day of a webinar's
// sessions, so no date is shown. The whole card leads to the webinar's public page.
import { Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import RecordVoiceOverOutlinedIcon from '@mui/icons-material/RecordVoiceOverOutlined';
import { useTranslation } from 'react-i18next';
import { courseLinkProps, CourseThumbnail } from '../../../components/ui/course-card';
import type { CatalogueCourse } from '../../../lib/catalogue';
import { coursePagePath } from '../../../lib/course-paths';
import { institutionName, localTitle } from '../../../lib/course-text';
import { formatTaka } from '../../../lib/money';

export function WebinarCard({ course }: { course: CatalogueCourse }) {
  const { t, i18n } = useTranslation(['webinars', 'common']);
  const lang = i18n.language;
  const speaker = course.instructor?.name?.trim();
  const host = institutionName(course.institution, lang);
  // The catalogue's price is in taka (the cheapest of the webinar's batches); 0 is free.
  const free = !(course.price > 0);
  return (
    <Card component="article" sx={{ height: '100%' }} data-testid="webinar-card" data-uuid={course.uuid}>
      <CardActionArea
        {...courseLinkProps(course.url, coursePagePath(course, 'details'))}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
        data-testid="webinar-link"
      >
        <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'action.hover', overflow: 'hidden' }}>
          <CourseThumbnail src={course.thumbnail} />
        </Box>
        <Stack spacing={0.75} sx={{ p: 2, flexGrow: 1 }}>
          <Typography
            component="h2"
            data-testid="webinar-title"
            data-user-content
            sx={{ fontWeight: 700, lineHeight: 1.35, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
          >
            {localTitle(course, lang)}
          </Typography>
          {speaker && (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'flex-start', color: 'text.secondary' }} data-testid="webinar-speaker">
              <RecordVoiceOverOutlinedIcon sx={{ fontSize: 18, mt: '2px' }} aria-hidden />
              <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {t('webinars:card.speaker')}
                </Box>{' '}
                <span data-user-content>{speaker}</span>
              </Typography>
            </Stack>
          )}
          {host && (
            <Typography variant="body2" color="text.secondary" noWrap data-user-content data-testid="webinar-host">
              {host}
            </Typography>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Typography sx={{ fontWeight: 700, color: free ? 'success.dark' : 'text.primary' }} data-testid="webinar-price" data-free={free ? 'true' : 'false'}>
            {free ? t('common:course_card.free') : formatTaka(Math.round(course.price * 100), lang)}
          </Typography>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
