// The reports as one chunk (docs/api-reports.md "Web routes"): /reports/course-report (the courses'
// figures and list), /reports/course-report/:id (a course), /reports/learner-report (the learners')
// and /reports/learner-report/:id (a learner); the page is told by the address. They are for the
// roles whose permission map lets them view the reports (docs/api-users.md: the partner admin, the
// super admin, a site's own role granted them; not a teacher); the route lets in their menu
// classes, the others are turned away here, as the server would. Every report page has the
// exports' button and drawer (report-exports.tsx).
import { useLocation, useParams } from 'react-router';
import { ForbiddenPage } from '../../../components/errors/forbidden-page';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { RouteLoading } from '../../../components/ui/top-loading-bar';
import { useAllows } from '../../../lib/access';
import { idParam } from '../../../lib/list-params';
import { PAGE_ACCESS } from '../../../lib/menu-class';
import CourseDetailPage from './course-detail-page';
import CourseReportPage from './course-report-page';
import LearnerDetailPage from './learner-detail-page';
import LearnerReportPage from './learner-report-page';
import { ReportExports } from './report-exports';

export type ReportPage = 'course-report' | 'learner-report';

/** The report an address is of: /reports/course-report..., /reports/learner-report...; null otherwise. */
export function reportOf(pathname: string): ReportPage | null {
  return (/^\/reports\/(course-report|learner-report)(?:\/|$)/.exec(pathname)?.[1] as ReportPage | undefined) ?? null;
}

export default function ReportPages() {
  const { pathname } = useLocation();
  const { id } = useParams();
  const allowed = useAllows('reports');
  const page = reportOf(pathname);
  if (allowed === null) return <RouteLoading />;
  if (!allowed) return <ForbiddenPage allowed={PAGE_ACCESS.reports} />;
  if (!page) return <NotFoundPage />;
  const n = id === undefined ? null : idParam(id);
  return (
    <ReportExports>
      {id === undefined ? (
        page === 'course-report' ? (
          <CourseReportPage />
        ) : (
          <LearnerReportPage />
        )
      ) : page === 'course-report' ? (
        // Keyed by the id: another course or learner starts afresh (no figures of the one before).
        <CourseDetailPage key={id} id={n} />
      ) : (
        <LearnerDetailPage key={id} id={n} />
      )}
    </ReportExports>
  );
}
