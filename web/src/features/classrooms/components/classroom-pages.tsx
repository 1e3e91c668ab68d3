// The classrooms' signed-in pages, in one chunk: My classes (/classroom) and a class's page
// (/classroom/details/:id/:slug?), which the list leads to. The invitation page (/join/:slug) is a
// chunk of its own (join-page.tsx): it is the first page an invited student opens.
import ClassroomDetailsPage from './classroom-details-page';
import ClassroomListPage from './classroom-list-page';

export default function ClassroomPages({ page }: { page: 'list' | 'details' }) {
  return page === 'list' ? <ClassroomListPage /> : <ClassroomDetailsPage />;
}
