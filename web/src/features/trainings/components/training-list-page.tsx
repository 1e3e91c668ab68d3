// /training: two tabs under one address. The trainings (the course list of trainings: search,
// pager, create) and, at /training?tab=trained, the people who completed a training of the site,
// by name, a page at a time (?page=), with what they attended and their certificate. The
// site-wide call takes no search, so the tab has none.
import { Box, CardContent, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Typography } from '@mui/material';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ListCard } from '../../../components/ui/list-card';
import { useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { localName, localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import CourseListPage from '../../courses/components/course-list-page';
import type { Trainee } from '../api/trainings-api';
import { formatPercent } from '../hooks/training-numbers';
import { TRAINING_KIND } from '../hooks/training-kind';
import { useTrainedPeople } from '../hooks/use-trainings';
import { Attended, CertificateCode } from './trainees-tab';

export type TrainingListTab = 'list' | 'trained';

/** `?tab=`: trained, else the trainings. */
export const trainingListTab = (value: string | null): TrainingListTab => (value === 'trained' ? 'trained' : 'list');

export default function TrainingListPage() {
  const [params] = useSearchParams();
  const tab = trainingListTab(params.get('tab'));
  const nav = <TrainingListTabs tab={tab} />;
  return tab === 'trained' ? <TrainedPeople nav={nav} /> : <CourseListPage kind={TRAINING_KIND} nav={nav} />;
}

/** Links, so that each tab has its address (back and forward, opening one in a new tab). */
function TrainingListTabs({ tab }: { tab: TrainingListTab }) {
  const { t } = useTranslation('trainings');
  return (
    <Tabs value={tab} variant="scrollable" scrollButtons={false} aria-label={t('list.tabs_label')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      <Tab value="list" label={t('list.title')} component={RouterLink} to="/training" data-testid="tab-trainings" />
      <Tab value="trained" label={t('trained.tab')} component={RouterLink} to="/training?tab=trained" data-testid="tab-trained" />
    </Tabs>
  );
}

/** The people who completed a training of the site: a table on a wide screen, cards on a phone. */
export function TrainedPeople({ nav }: { nav?: ReactNode }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const [page, setPage] = usePageParam();
  const list = useTrainedPeople(page);
  useClampPageParam(list.data?.last_page);
  const rows = list.data?.data ?? [];
  const total = list.data?.total;
  return (
    <Box data-testid="trained-people-page">
      <PageHeader
        title={t('trainings:trained.title')}
        subtitle={total !== undefined ? t('trainings:trained.total', { count: total, n: formatNumber(total, lang) }) : t('trainings:trained.subtitle')}
      />
      {nav}
      <Box role="tabpanel" aria-label={t('trainings:trained.tab')}>
        <ListCard
          list={list}
          page={page}
          onPage={setPage}
          rowHeight={52}
          emptyIcon={<SchoolOutlinedIcon />}
          emptyMessage={t('trainings:trained.empty')}
          table={
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('trainings:trained.title')} sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('trainings:trained.name')}</TableCell>
                    <TableCell>{t('trainings:trained.training')}</TableCell>
                    <TableCell align="right">{t('trainings:trainees.attended')}</TableCell>
                    <TableCell align="right">{t('trainings:trainees.percent')}</TableCell>
                    <TableCell>{t('trainings:trainees.certificate')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.enrollment_id} data-testid="trained-row" data-enrollment={r.enrollment_id}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Person trainee={r} />
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <TrainingOf trainee={r} />
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Attended trainee={r} />
                      </TableCell>
                      <TableCell align="right">{formatPercent(r.percent, lang)}</TableCell>
                      <TableCell>
                        <CertificateCode trainee={r} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          }
          cards={
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {rows.map((r) => (
                <Box component="li" key={r.enrollment_id} sx={{ borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }} data-testid="trained-row" data-enrollment={r.enrollment_id}>
                  <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                    <Person trainee={r} />
                    <Box sx={{ mt: 0.5 }}>
                      <TrainingOf trainee={r} />
                    </Box>
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      <Attended trainee={r} /> · {formatPercent(r.percent, lang)}
                    </Typography>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'baseline' }}>
                      <Typography variant="body2" color="text.secondary">
                        {t('trainings:trainees.certificate')}:
                      </Typography>
                      <CertificateCode trainee={r} />
                    </Stack>
                  </CardContent>
                </Box>
              ))}
            </Stack>
          }
        />
      </Box>
    </Box>
  );
}

function Person({ trainee: r }: { trainee: Trainee }) {
  return (
    <>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
        {r.name}
      </Typography>
      {r.email && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {r.email}
        </Typography>
      )}
    </>
  );
}

/** The training (and its batch) the person completed. */
function TrainingOf({ trainee: r }: { trainee: Trainee }) {
  const { i18n } = useTranslation();
  const batch = localName({ name: r.batch_name, name_bn: r.batch_name_bn }, i18n.language);
  return (
    <>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-user-content data-testid="trained-training">
        {localTitle({ title: r.course_title, title_bn: r.course_title_bn }, i18n.language)}
      </Typography>
      {batch && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
          {batch}
        </Typography>
      )}
    </>
  );
}
