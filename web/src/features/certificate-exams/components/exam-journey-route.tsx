// /exam/journey/:uuid: a single exam's journey, or, when the exam centre knows no single exam of
// that uuid (its intro answers 404), a certificate exam's: the course journey. With ?token= (a
// candidate's own link to a restricted batch) the signed-in learner is first enrolled through the
// invitation (the learn layout has sent anyone signed out to log in and back); once enrolled the
// token leaves the address and the certificate exam's journey opens. /training/journey/:uuid is
// a training's: the course journey at once (no exam centre to ask), and its nominees' links the
// same way.
import { Box, CircularProgress, Container, Typography } from '@mui/material';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorLayout } from '../../../components/errors/error-layout';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError } from '../../../lib/api-client';
import { coursePagePath } from '../../../lib/course-paths';
import { useErrorText } from '../../../lib/use-error-text';
import { useExamIntro } from '../../exams/hooks/use-exam-front';
import { invitationQuery, isInvitationRefused } from '../hooks/invitation';

// Loaded from here, not from the app shell, which then carries one lazy page for the route.
const ExamJourneyPage = lazy(() => import('../../exams/components/exam-journey-page'));
const JourneyPage = lazy(() => import('../../learn/components/journey-page'));
// The certificate exam's discussions: its own chunk, loaded when the learner opens them.
const ExamDiscussions = lazy(() => import('./exam-discussions'));

export interface ExamJourneyRouteProps {
  /** A single exam's journey. */
  single?: ReactNode;
  /** A certificate exam's (the course journey). */
  certificate?: ReactNode;
}

export default function ExamJourneyRoute({ single = <ExamJourneyPage />, certificate = <JourneyPage discussions={ExamDiscussions} /> }: ExamJourneyRouteProps) {
  const { uuid = '' } = useParams();
  const training = useLocation().pathname.startsWith('/training/');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const token = params.get('token')?.trim() ?? '';
  const invitation = useQuery(invitationQuery(token));
  // Enrolled through the invitation on this visit: a certificate exam, no need to ask the exam centre.
  const [enrolled, setEnrolled] = useState(false);
  const intro = useExamIntro(token || enrolled || training ? '' : uuid);

  const started = invitation.data;
  useEffect(() => {
    if (!started) return;
    setEnrolled(true);
    // The pages that showed the exam as not joined yet (its page, the learner's list).
    void qc.invalidateQueries({ queryKey: ['enrolled-check', started.course_uuid] });
    void qc.invalidateQueries({ queryKey: ['course-details'] });
    void qc.invalidateQueries({ queryKey: ['my-courses'] });
    const rest = new URLSearchParams(params);
    rest.delete('token');
    const query = rest.toString();
    navigate(`${coursePagePath({ uuid: started.course_uuid, course_type: training ? 'training' : 'exam' }, 'journey')}${query ? `?${query}` : ''}`, { replace: true });
  }, [started, params, navigate, qc, training]);

  if (token && !started) return <InvitationPending error={invitation.error} onRetry={() => void invitation.refetch()} />;
  if (started || enrolled || training) return certificate;
  // While the intro loads, the single exam's page (its chunk meanwhile) shows its own placeholder.
  return intro.error instanceof ApiError && intro.error.status === 404 ? certificate : single;
}

/** The invitation being opened, or why it could not be (a refusal explained, else a retry). */
function InvitationPending({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('exams');
  const errorText = useErrorText();
  if (isInvitationRefused(error)) {
    return (
      <ErrorLayout
        testId="invitation-refused"
        icon={<MarkEmailUnreadOutlinedIcon />}
        title={t('exams:invitation.refused_title')}
        body={<span data-code={error.code}>{errorText(error)}</span>}
      />
    );
  }
  if (error) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }} data-testid="invitation-error">
        <ErrorState error={error} onRetry={onRetry} />
      </Container>
    );
  }
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 } }}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }} data-testid="invitation-enrolling">
        <CircularProgress size={28} />
        <Typography>{t('exams:invitation.enrolling')}</Typography>
      </Box>
    </Container>
  );
}
