// The webinars' signed-in pages, in one chunk: My webinars (/webinarroom) and a webinar's live room
// (/webinarroom/details/:id/:slug?), which is a class's page: the classrooms' own (timeline,
// schedule with joining and recordings, people, attendance), told it is a webinar's.
import ClassroomDetailsPage from '../../classrooms/components/classroom-details-page';
import WebinarRoomListPage from './webinar-room-list-page';

export default function WebinarRoomPages({ page }: { page: 'list' | 'details' }) {
  return page === 'list' ? <WebinarRoomListPage /> : <ClassroomDetailsPage kind="webinar" />;
}
