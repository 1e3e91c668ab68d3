// Content items as cards (the list's tabs, the recommendations): the cover or the type's icon, the
// title in the interface's language (the other one's when empty), the type, duration, start date,
// owner, rating, learners and parts; a draft / published chip on the caller's own, with Edit and
// Delete. A card opens the item's page (/contents/:id).
import { Box, Button, Card, CardActionArea, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CourseThumbnail } from '../../../components/ui/course-thumbnail';
import { Stars } from '../../../components/ui/stars';
import { formatDay, formatRating, localTitle } from '../../../lib/course-text';
import { useDurationText } from '../../learn/hooks/use-duration-text';
import type { ContentItem } from '../api/contents-api';
import { durationMinutes } from '../hooks/content-form';
import { ContentTypeIcon } from './content-type-icon';

/** The item's page. */
export const contentPath = (id: number) => `/contents/${id}`;
/** The item's editor (`new` for a new one). */
export const editorPath = (id: number | 'new') => `/contents/edit/${id}`;

/** The title in the interface's language, the other one's when empty, else "Untitled content". */
export function useContentTitle() {
  const { t, i18n } = useTranslation('contents');
  return (item: Pick<ContentItem, 'title' | 'title_bn'>) => localTitle(item, i18n.language) || t('contents:untitled');
}

/** "1 h 30 min" ("১ ঘণ্টা ৩০ মিনিট") of an item's H:MM; '' for none. */
export function useContentDuration() {
  const duration = useDurationText();
  return (hm: string | null | undefined) => duration(durationMinutes(hm));
}

/** The cover filling a 16:9 box; the type's icon without one. */
export function ContentCover({ item, iconSize = 48, priority }: { item: Pick<ContentItem, 'cover' | 'content_type'>; iconSize?: number; priority?: boolean }) {
  return (
    <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'action.hover', overflow: 'hidden' }} data-testid="content-cover">
      {item.cover ? (
        <CourseThumbnail src={item.cover} iconSize={iconSize} priority={priority} />
      ) : (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'text.disabled' }}>
          <ContentTypeIcon type={item.content_type} sx={{ fontSize: iconSize }} aria-hidden />
        </Box>
      )}
    </Box>
  );
}

/** One fact with its icon (duration, start date, learners, parts). */
function Fact({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center', '& svg': { fontSize: 18 } }} data-testid={testId}>
      {icon}
      <span>{children}</span>
    </Stack>
  );
}

/** Duration, start date, learners and parts, then the rating and its count. */
export function ContentFacts({ item }: { item: ContentItem }) {
  const { t, i18n } = useTranslation('contents');
  const lang = i18n.language;
  const duration = useContentDuration()(item.duration);
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', color: 'text.secondary', typography: 'body2' }}>
        {duration && (
          <Fact icon={<ScheduleOutlinedIcon aria-hidden />} testId="content-duration">
            {duration}
          </Fact>
        )}
        {item.start_date && (
          <Fact icon={<EventOutlinedIcon aria-hidden />} testId="content-start">
            {t('contents:card.starts', { date: formatDay(item.start_date, lang) })}
          </Fact>
        )}
        <Fact icon={<PeopleOutlinedIcon aria-hidden />} testId="content-learners">
          {t('contents:card.learners', { count: item.learners_count })}
        </Fact>
        <Fact icon={<ViewListOutlinedIcon aria-hidden />} testId="content-parts">
          {t('contents:card.parts', { count: item.parts_count })}
        </Fact>
      </Stack>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-testid="content-rating">
        {item.rating != null && item.reviews_count > 0 ? (
          <>
            <Typography variant="body2" component="span" sx={{ fontWeight: 700, color: 'warning.dark' }}>
              {formatRating(item.rating, lang)}
            </Typography>
            <Stars value={item.rating} precision={0.5} size="small" />
            <Typography variant="body2" component="span" color="text.secondary">
              {t('contents:card.reviews', { count: item.reviews_count })}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" component="span" color="text.secondary">
            {t('contents:card.no_reviews')}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}

/** The type, and on the caller's own whether it is published; on enrolled ones (`enrolment`) how far they are. */
export function ContentChips({ item, enrolment = true }: { item: ContentItem; enrolment?: boolean }) {
  const { t } = useTranslation('contents');
  return (
    <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" icon={<ContentTypeIcon type={item.content_type} />} label={t(`contents:types.${item.content_type}`, { defaultValue: item.content_type })} data-testid="content-type" />
      {item.mine && (
        <Chip
          size="small"
          variant="outlined"
          color={item.published ? 'success' : 'default'}
          label={item.published ? t('contents:card.published') : t('contents:card.draft')}
          data-testid="content-status"
          data-published={item.published ? 'true' : 'false'}
        />
      )}
      {enrolment && item.enrollment && (
        <Chip size="small" variant="outlined" color="primary" label={item.enrollment.completed_at ? t('contents:card.finished') : t('contents:card.enrolled')} data-testid="content-enrolled" />
      )}
    </Stack>
  );
}

export interface ContentCardsProps {
  items: ContentItem[];
  /** The item being deleted. */
  busy?: number | null;
  onDelete?: (item: ContentItem) => void;
  /** Smaller cards without the facts (the recommendations). */
  compact?: boolean;
}

/** The items as a grid of cards: one column on a phone, two or three on wider screens. */
export function ContentCards({ items, busy = null, onDelete, compact = false }: ContentCardsProps) {
  const { t } = useTranslation('contents');
  const title = useContentTitle();
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: compact ? 0 : 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: compact ? { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } : { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
      data-testid={compact ? 'content-recommendations-list' : 'content-cards'}
    >
      {items.map((item) => {
        const name = title(item);
        return (
          <Box component="li" key={item.id} sx={{ minWidth: 0 }} data-testid="content-card" data-content-id={item.id}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardActionArea component={RouterLink} to={contentPath(item.id)} sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }} data-testid="content-open">
                <ContentCover item={item} iconSize={compact ? 36 : 48} />
                <CardContent sx={{ display: 'grid', gap: 1, p: compact ? 1.5 : 2 }}>
                  <ContentChips item={item} />
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.35, overflowWrap: 'anywhere' }} data-testid="content-title" data-user-content>
                    {name}
                  </Typography>
                  {item.owner_name && (
                    <Typography variant="body2" color="text.secondary" data-testid="content-owner" data-user-content>
                      {t('contents:card.by', { name: item.owner_name })}
                    </Typography>
                  )}
                  {!compact && <ContentFacts item={item} />}
                </CardContent>
              </CardActionArea>
              {item.mine && onDelete && (
                <CardActions sx={{ borderTop: 1, borderColor: 'divider', flexWrap: 'wrap' }}>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={editorPath(item.id)}
                    startIcon={<EditOutlinedIcon />}
                    disabled={busy === item.id}
                    aria-label={`${t('contents:actions.edit')}: ${name}`}
                    data-testid="edit-content"
                  >
                    {t('contents:actions.edit')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteOutlineIcon />}
                    disabled={busy === item.id}
                    onClick={() => onDelete(item)}
                    aria-label={`${t('contents:actions.delete')}: ${name}`}
                    data-testid="delete-content"
                  >
                    {t('contents:actions.delete')}
                  </Button>
                </CardActions>
              )}
            </Card>
          </Box>
        );
      })}
    </Box>
  );
}
