// /join/:slug: a class's invitation page, the link its teachers share (the slug is the class's join
// code). It shows the class's name, its teachers, when it starts and how many students it has, and
// "Join this class", which makes the caller one of its students and opens the class; someone
// already in it gets "Open class". An unknown code gets a friendly not-found message. Signed-in
// only: the route sends visitors to log in and back (app/signed-in-routes.tsx).
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import CastForEducationOutlinedIcon from '@mui/icons-material/CastForEducationOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { ClassInvite } from '../api/classrooms-api';
import { classroomName, formatClock, formatLongDay, otherClassroomName } from '../hooks/classroom-format';
import { enrollMutation, useInvite } from '../hooks/use-classrooms';
import { Line } from './classroom-card';
import { PageFallback } from './classroom-frame';

export default function JoinPage() {
  const { slug = '' } = useParams();
  return <JoinPageOf key={slug} code={slug} />;
}

function JoinPageOf({ code }: { code: string }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const query = useInvite(code);
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', width: '100%' }} data-testid="join-page" {...(query.isLoading && { 'data-loading': 'true' })}>
      {query.data ? (
        <InviteCard code={code} invite={query.data} />
      ) : (
        <PageFallback
          query={query}
          notFound={t('classrooms:join.not_found')}
          heights={[220, 60]}
          action={
            <Button variant="outlined" component={RouterLink} to="/classroom" data-testid="join-to-classes">
              {t('classrooms:join.my_classes')}
            </Button>
          }
        />
      )}
    </Box>
  );
}

export function InviteCard({ code, invite }: { code: string; invite: ClassInvite }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const enroll = useMutation(enrollMutation(qc, code));
  const name = classroomName(invite, lang) || t('classrooms:card.untitled');
  const other = otherClassroomName(invite, lang);
  const teachers = invite.teacher_names.filter((n) => n.trim());
  return (
    <Card data-testid="invite-card" data-member={invite.member ? 'true' : 'false'}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 44 } }} aria-hidden>
          <CastForEducationOutlinedIcon />
        </Box>
        <Typography variant="overline" color="text.secondary" component="p">
          {t('classrooms:join.invited')}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 }, fontWeight: 800, overflowWrap: 'anywhere' }} data-testid="invite-name" data-user-content>
          {name}
        </Typography>
        {other && (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
            {other}
          </Typography>
        )}
        {invite.description && (
          <Typography sx={{ mt: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-user-content>
            {invite.description}
          </Typography>
        )}
        <Stack spacing={1} sx={{ mt: 2.5 }}>
          <Line icon={<SchoolOutlinedIcon />} label={t('classrooms:join.teachers')} testId="invite-teachers">
            {teachers.length ? <span data-user-content>{teachers.join(', ')}</span> : t('classrooms:join.no_teachers')}
          </Line>
          <Line icon={<EventOutlinedIcon />} label={t('classrooms:join.starts')} testId="invite-starts">
            {formatLongDay(invite.starts_at, lang)}, {formatClock(invite.starts_at, lang)}
          </Line>
          <Line icon={<GroupsOutlinedIcon />} label={t('classrooms:join.students')} testId="invite-students">
            {t('classrooms:card.students', { count: invite.students, n: formatNumber(invite.students, lang) })}
          </Line>
        </Stack>
        {enroll.isError && (
          <Alert severity="error" sx={{ mt: 2.5 }} data-testid="join-error">
            {errorText(enroll.error)}
          </Alert>
        )}
        <Box sx={{ mt: 3 }}>
          {invite.member ? (
            <>
              <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                {t('classrooms:join.already_member')}
              </Typography>
              <Button variant="contained" size="large" fullWidth component={RouterLink} to={`/classroom/details/${invite.id}`} data-testid="open-class">
                {t('classrooms:join.open')}
              </Button>
            </>
          ) : (
            <Button
              variant="contained"
              size="large"
              fullWidth
              disabled={enroll.isPending}
              startIcon={enroll.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              onClick={() =>
                enroll.mutate(undefined, {
                  onSuccess: (joined) => {
                    toast.show(t('classrooms:join.joined', { name: classroomName(joined, lang) || name }));
                    navigate(`/classroom/details/${joined.id}`, { replace: true });
                  },
                })
              }
              data-testid="join-class"
            >
              {enroll.isPending ? t('classrooms:join.joining') : t('classrooms:join.join')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
