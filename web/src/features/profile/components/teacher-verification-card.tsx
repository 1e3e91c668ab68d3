// The "Teacher verification" card of /profile/myprofile: the verified record (name, designation,
// institute, subject, the ID and its type) with a "Verified" chip; otherwise what verification is
// and the button that opens its dialog (open while the URL has ?verify=teacher, so that Back closes
// it on phones); or, when the site is connected to no registry, that it is not offered here.
import { Box, Button, Card, CardContent, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/TaskAltOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { idleLazy } from '../../../components/ui/deferred-mui';
import { ErrorState } from '../../../components/ui/error-state';
import { localDigits } from '../../../lib/digits';
import { intlLocale } from '../../../lib/lang';
import type { TeacherVerificationInfo, VerifiedTeacher } from '../api/teacher-verification-api';
import { idLabelKey, verificationAvailable } from '../hooks/teacher-verification';
import { useTeacherVerification } from '../hooks/teacher-verification-queries';

// The dialog (tabs, radios, the code's steps) comes in a chunk of its own: fetched once the page is
// idle, or when opened.
const TeacherVerificationDialog = idleLazy(() => import('./teacher-verification-dialog').then((m) => ({ default: m.TeacherVerificationDialog })));

/** The search parameter that opens the dialog. */
export const VERIFY_PARAM = 'verify';
const VERIFY_VALUE = 'teacher';

export function TeacherVerificationCard() {
  const query = useTeacherVerification();
  const [params, setParams] = useSearchParams();
  const wanted = params.get(VERIFY_PARAM) === VERIFY_VALUE;
  // Mounted once opened, so that it closes with its transition.
  const [used, setUsed] = useState(false);
  const info = query.data;
  const open = wanted && !!info && (!!info.verified || verificationAvailable(info.flags));
  if (open && !used) setUsed(true);
  const openDialog = () =>
    setParams((p) => {
      p.set(VERIFY_PARAM, VERIFY_VALUE);
      return p;
    });
  const closeDialog = () =>
    setParams(
      (p) => {
        p.delete(VERIFY_PARAM);
        return p;
      },
      { replace: true },
    );
  return (
    <>
      <TeacherVerificationPanel info={info} loading={query.isPending && !query.error} error={query.error} onRetry={() => void query.refetch()} onVerify={openDialog} />
      {used && info && (
        <Suspense fallback={null}>
          <TeacherVerificationDialog open={open} info={info} onClose={closeDialog} />
        </Suspense>
      )}
    </>
  );
}

export interface TeacherVerificationPanelProps {
  info: TeacherVerificationInfo | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onVerify: () => void;
}

/** The card's content for the GET's answer (or its loading, or its failure). */
export function TeacherVerificationPanel({ info, loading, error, onRetry, onVerify }: TeacherVerificationPanelProps) {
  const { t, i18n } = useTranslation('profile');
  let body: ReactNode;
  if (info?.verified) {
    body = (
      <>
        <VerifiedTeacherDetails verified={info.verified} />
        {info.verified.verified_at && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="teacher-verified-at">
            {t('profile:teacher.verified_note', { date: verifiedOn(info.verified.verified_at, i18n.language) })}
          </Typography>
        )}
      </>
    );
  } else if (info && verificationAvailable(info.flags)) {
    body = (
      <>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('profile:teacher.intro')}
        </Typography>
        <Button variant="outlined" startIcon={<VerifiedUserOutlinedIcon />} onClick={onVerify} sx={{ whiteSpace: 'normal', textAlign: 'start' }} data-testid="teacher-verify-open">
          {t('profile:teacher.verify')}
        </Button>
      </>
    );
  } else if (info) {
    body = (
      <Typography color="text.secondary" data-testid="teacher-verification-unavailable">
        {t('profile:teacher.unavailable')}
      </Typography>
    );
  } else if (error) {
    body = <ErrorState error={error} onRetry={onRetry} />;
  } else {
    body = loading ? <Skeleton variant="rounded" height={72} /> : null;
  }
  return (
    <Card sx={{ mt: 3 }} data-testid="teacher-verification-card">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {t('profile:teacher.title')}
          </Typography>
          {info?.verified && (
            <Chip size="small" color="success" variant="outlined" icon={<CheckCircleOutlineIcon />} label={t('profile:verify.verified')} data-testid="teacher-verified" />
          )}
        </Stack>
        {body}
      </CardContent>
    </Card>
  );
}

/** The verified record: name, designation, institute, subject, the type and the ID (its label per type). */
export function VerifiedTeacherDetails({ verified }: { verified: VerifiedTeacher }) {
  const { t, i18n } = useTranslation('profile');
  const rows: [string, ReactNode][] = [
    [t('profile:teacher.details.Name'), verified.Name],
    [t('profile:teacher.details.Designation'), verified.Designation],
    [t('profile:teacher.details.InstituteName'), verified.InstituteName],
    [t('profile:teacher.details.Subject'), verified.Subject],
    [t('profile:teacher.details.type'), t(`profile:teacher.types.${verified.pds_type}`)],
    [t(`profile:teacher.id.${idLabelKey(verified.pds_type, verified.pds_sub_type)}`), localDigits(verified.pdsid, i18n.language)],
  ];
  return (
    <Stack divider={<Divider flexItem />} spacing={1.5} data-testid="teacher-verified-details">
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0.25, sm: 2 }, alignItems: 'start' }}>
          <Typography color="text.secondary" variant="body2" sx={{ fontWeight: 600, pt: { sm: 0.25 } }}>
            {label}
          </Typography>
          <Typography component="div" sx={{ wordBreak: 'break-word' }}>
            {value || t('profile:no_value')}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** The day of a verification, in Dhaka's calendar and the interface's language: "4 December 2026", "৪ ডিসেম্বর, ২০২৬". */
export function verifiedOn(iso: string, lang: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'Asia/Dhaka' }).format(d);
}
