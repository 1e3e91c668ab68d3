// /training/*: the site's trainings (courses of type "training"), for the people who author
// courses. One route in the app's table (it stays small), the pages told apart here:
//   /training                                    the list (the course list, of trainings)
//   /training?tab=trained                        the people who completed a training (a tab of the list)
//   /training/create                             the course's create form, the type fixed
//   /training/edit/:id(/:slug)                   the course editor with the training tabs
//   /training/facilities/cafeteria-create/:id    a batch's meals
//   /training/resource/budget-create/:id         a batch's budget and logistic items
//   /training/certificate(/list|/:id)            the trainings' certificates
//   /training/template/add, /template/certificate the site's certificate templates
// (/training/journey/:uuid and /training/calendar/show are routes of their own, open to learners;
// /training/accounts/* are the accounts pages', features/payments.)
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useRoutes } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import CourseCreatePage from '../../courses/components/course-create-page';
import { TRAINING_KIND } from '../hooks/training-kind';
import TrainingEditPage from './training-edit-page';
import TrainingListPage from './training-list-page';

// The pages of a batch's meals and budget, and the chunks the course screens already have.
const CafeteriaPage = lazy(() => import('./cafeteria-page'));
const BudgetPage = lazy(() => import('./budget-page'));
const CourseCertificatesPage = lazy(() => import('../../courses/components/course-certificates-page'));
const CertificateTemplatesPage = lazy(() => import('../../courses/components/certificate-templates-page'));

export default function TrainingPages() {
  // Every page here speaks of trainings: their texts come before the first of them shows.
  useTranslation(['trainings', 'courses']);
  // Route objects (useRoutes), not <Routes> elements: the router's element-reading code stays out
  // of the app's first download.
  return useRoutes([
    { index: true, element: <TrainingListPage /> },
    { path: 'create', element: <CourseCreatePage kind={TRAINING_KIND} /> },
    { path: 'edit', element: <Navigate to="/training" replace /> },
    { path: 'edit/:id/:slug?', element: <TrainingEditPage /> },
    { path: 'facilities/cafeteria-create/:id', element: <CafeteriaPage /> },
    { path: 'resource/budget-create/:id', element: <BudgetPage /> },
    { path: 'certificate/:id?', element: <CourseCertificatesPage kind={TRAINING_KIND} /> },
    { path: 'template/add', element: <Navigate to="/training/template/certificate?edit=new" replace /> },
    { path: 'template/certificate', element: <CertificateTemplatesPage /> },
    { path: '*', element: <NotFoundPage /> },
  ]);
}
