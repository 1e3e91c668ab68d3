// /course: the institution's courses, newest first, with search and pager; /exam, its certificate
// exams, and /training, its trainings (`kind`; `nav`: tabs of the page under its heading).
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Grid,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam } from '../../../components/ui/pager';
import { categoryTitle, localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { parsePage } from '../../../lib/pager';
import type { Course } from '../api/courses-api';
import { COURSE_KIND, type CourseKind } from '../hooks/course-kind';
import { COURSE_PAGE_SIZE, useCourseList } from '../hooks/use-courses';

const SEARCH_DELAY_MS = 350;

/** The query with a new search (empty removes it), back on page 1. */
function withSearch(params: URLSearchParams, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set('search', value.trim());
  else next.delete('search');
  next.delete('page');
  return next;
}

export default function CourseListPage({ kind = COURSE_KIND, nav }: { kind?: CourseKind; nav?: ReactNode }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const label = (key: string) => `${kind.labels}${key}`;
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const search = params.get('search') ?? '';
  const [text, setText] = useState(search);
  const query = useCourseList(kind, page, search);
  useClampPageParam(query.data?.last_page);

  // The box follows the URL (back/forward) and, after a pause in typing, the URL follows the box.
  useEffect(() => setText((prev) => (prev.trim() === search ? prev : search)), [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const id = window.setTimeout(() => setParams((prev) => withSearch(prev, text), { replace: true }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [text, search, setParams]);

  const apply = (value: string) => setParams((prev) => withSearch(prev, value), { replace: true });
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete('page');
    else next.set('page', String(p));
    setParams(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const courses = query.data?.data ?? [];
  return (
    <Box data-testid="course-list-page">
      <PageHeader
        title={t(label('list.title'))}
        subtitle={
          query.data
            ? t(label('list.total'), { count: query.data.total })
            : t(label('list.subtitle'))
        }
        actions={
          <Button component={RouterLink} to={kind.createPath} variant="contained" startIcon={<AddIcon />} data-testid="create-course-link" sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {t(label('list.create'))}
          </Button>
        }
      />
      {nav}
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          apply(text);
        }}
        sx={{ mb: 3 }}
      >
        <TextField
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t(label('list.search_placeholder'))}
          fullWidth
          size="small"
          slotProps={{
            htmlInput: { 'aria-label': t(label('list.search_label')), type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ maxWidth: { sm: 420 }, bgcolor: 'background.paper' }}
        />
      </Box>

      {query.isLoading ? (
        <Grid container spacing={2.5}>
          {Array.from({ length: 6 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={260} />
            </Grid>
          ))}
        </Grid>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : courses.length === 0 ? (
        <Card>
          <EmptyState
            icon={<MenuBookOutlinedIcon />}
            message={search ? t(label('list.no_match'), { search }) : t(label('list.empty'))}
            action={
              search ? (
                <Button onClick={() => setText('')}>{t('courses:list.clear_search')}</Button>
              ) : (
                <Button component={RouterLink} to={kind.createPath} variant="contained" startIcon={<AddIcon />}>
                  {t(label('list.create_first'))}
                </Button>
              )
            }
          />
        </Card>
      ) : (
        <>
          <Grid container spacing={2.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
            {courses.map((c) => (
              <Grid key={c.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <CourseCard course={c} kind={kind} />
              </Grid>
            ))}
          </Grid>
          <Pager page={page} lastPage={query.data?.last_page ?? 1} onChange={setPage} />
          {query.data && query.data.total > COURSE_PAGE_SIZE && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('courses:list.page_of', { page: formatNumber(page, i18n.language), last: formatNumber(query.data.last_page, i18n.language) })}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

function CourseCard({ course: c, kind }: { course: Course; kind: CourseKind }) {
  const { t, i18n } = useTranslation('courses');
  const lang = i18n.language;
  const title = localTitle(c, lang) || t(`${kind.labels}list.untitled`);
  return (
    <Card sx={{ height: '100%' }} data-testid="course-card" data-course-id={c.id}>
      <CardActionArea component={RouterLink} to={kind.editPath(c)} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}>
        <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', overflow: 'hidden' }}>
          {c.thumbnail ? (
            <Box component="img" src={c.thumbnail} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <MenuBookOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
          )}
        </Box>
        <CardContent sx={{ flexGrow: 1 }}>
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
            <Chip size="small" color={c.published ? 'success' : 'default'} variant={c.published ? 'filled' : 'outlined'} label={c.published ? t('status.published') : t('status.draft')} data-testid="course-published" data-published={c.published} />
            {c.featured && <Chip size="small" color="secondary" icon={<StarIcon />} label={t('status.featured')} />}
            {kind.typed && c.course_type !== 'course' && <Chip size="small" variant="outlined" label={t(`types.${c.course_type}`)} />}
          </Stack>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.35, wordBreak: 'break-word' }} data-testid="course-title">
            {title}
          </Typography>
          {c.category && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {categoryTitle(c.category, lang)}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('list.lessons', { count: c.lessons_count ?? 0 })}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
