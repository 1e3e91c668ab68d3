// /profile/myprofile: the signed-in person's profile (profile-info), what is missing from it, the
// teacher verification card, and the edit dialog (open while the URL has ?edit=<field>, so that Back closes it on phones).
import { Alert, Box, Button, Card, CardContent, Chip, Divider, Grid, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/ModeEditOutlineOutlined';
import { Suspense, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { idleLazy } from '../../../components/ui/deferred-mui';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { categoryTitle, institutionName } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useDistricts, useProfessions, type District, type ReferenceItem } from '../../../lib/reference-api';
import { useCurrentUser } from '../../../lib/session';
import { useEditParam } from '../../../lib/use-edit-param';
import { useErrorText } from '../../../lib/use-error-text';
import { useRoleLabel } from '../../../lib/use-role-label';
import { useUpazilaInfo, type Profile } from '../api/profile-api';
import { localDigits } from '../../../lib/digits';
import { formatDay, localPhone, PROFILE_FIELDS, profileValues, type ProfileField } from '../hooks/profile-values';
import { profileErrors, updateProfileMutation, useProfile } from '../hooks/use-profile';
import { MissingParts, ProfileIdentity, VerifiedState } from './profile-summary';
import { ProfileTabs } from './profile-tabs';
import { TeacherVerificationCard } from './teacher-verification-card';

// The edit dialog (fields, react-hook-form) comes with the password form, in one chunk: fetched once
// the page is idle, or when opened.
const ProfileDialog = idleLazy(() => import('./profile-forms').then((m) => ({ default: m.ProfileDialog })));

const isField = (v: string | null): v is ProfileField => !!v && (PROFILE_FIELDS as readonly string[]).includes(v);

export default function MyProfilePage() {
  const { t } = useTranslation(['profile', 'common']);
  const profile = useProfile();
  const toast = useToast();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const save = useMutation(updateProfileMutation(qc));
  const fieldErrors = profileErrors(save.error);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { edit, editUsed, openEdit: setEdit, closeEdit } = useEditParam();
  const openEdit = (field: ProfileField = 'name') => setEdit(field);

  let body: ReactNode;
  if (profile.isLoading) body = <ProfileSkeleton />;
  else if (profile.error || !profile.data) body = <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  else
    body = (
      <>
        {sentTo && (
          <Alert severity="info" onClose={() => setSentTo(null)} sx={{ mb: 3 }} data-testid="profile-email-sent">
            {t('profile:saved_email', { email: sentTo })}
          </Alert>
        )}
        <ProfileView profile={profile.data} onEdit={openEdit} />
        {editUsed && (
          <Suspense fallback={null}>
            <ProfileDialog
              open={edit !== null}
              values={profileValues(profile.data)}
              savedEmail={profile.data.email}
              focus={isField(edit) ? edit : 'name'}
              pending={save.isPending}
              error={save.error && !Object.keys(fieldErrors).length ? errorText(save.error) : null}
              fieldErrors={fieldErrors}
              onCancel={closeEdit}
              onExited={() => save.reset()}
              onSubmit={(body) => {
                const before = (profile.data?.email ?? '').toLowerCase();
                save.mutate(body, {
                  onSuccess: (saved) => {
                    // A new address was mailed a verification link.
                    const newEmail = saved.email && saved.email.toLowerCase() !== before ? saved.email : null;
                    closeEdit();
                    setSentTo(newEmail);
                    toast.show(newEmail ? t('profile:saved_email_short') : t('profile:saved'));
                  },
                });
              }}
            />
          </Suspense>
        )}
      </>
    );

  return (
    <Box data-testid="my-profile-page">
      <PageHeader
        title={t('profile:title')}
        actions={
          profile.data ? (
            <Button variant="contained" startIcon={<EditOutlinedIcon />} onClick={() => openEdit()} data-testid="profile-edit">
              {t('profile:edit')}
            </Button>
          ) : undefined
        }
      />
      <ProfileTabs />
      {body}
    </Box>
  );
}

/** The profile as read: a summary card with what is missing, and every field. */
export function ProfileView({ profile, onEdit }: { profile: Profile; onEdit: (field?: ProfileField) => void }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const lang = i18n.language;
  const { user } = useCurrentUser();
  const roleLabel = useRoleLabel();
  const completeness = Math.max(0, Math.min(100, Math.round(profile.completeness ?? 0)));
  const none = <Typography component="span" color="text.secondary">{t('profile:no_value')}</Typography>;
  const roles = user?.roles ?? [];
  const professions = useProfessions();
  const districts = useDistricts();
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card>
          <CardContent sx={{ p: 3 }}>
            <ProfileIdentity profile={profile} />
            <Box sx={{ mt: 3 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }} id="profile-completeness">
                {t('profile:completeness', { percent: formatNumber(completeness, lang) })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={completeness}
                aria-labelledby="profile-completeness"
                sx={{ height: 8, borderRadius: 4 }}
                data-testid="profile-completeness"
              />
            </Box>
            <MissingParts profile={profile} onEdit={onEdit} />
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('profile:basic')}
            </Typography>
            <Stack divider={<Divider flexItem />} spacing={1.5} data-testid="profile-details">
              <Row label={t('profile:name')}>{profile.name || none}</Row>
              <Row label={t('profile:name_bn')}>{profile.name_bn ? <span lang="bn">{profile.name_bn}</span> : none}</Row>
              <Row label={t('profile:email')}>
                {profile.email ? (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{profile.email}</span>
                    <VerifiedState verified={profile.email_verified} of="email" />
                  </Stack>
                ) : (
                  none
                )}
              </Row>
              <Row label={t('profile:phone')}>
                {profile.phone ? (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{localDigits(localPhone(profile.phone), lang)}</span>
                    <VerifiedState verified={profile.phone_verified} of="phone" />
                    {!profile.phone_verified && (
                      <Button component={RouterLink} to="/mobile-verification" size="small" sx={{ py: 0 }} data-testid="phone-verify-link">
                        {t('profile:verify.phone_verify')}
                      </Button>
                    )}
                  </Stack>
                ) : (
                  none
                )}
              </Row>
              <Row label={t('profile:gender')}>{profile.gender ? t(`profile:genders.${profile.gender}`) : none}</Row>
              <Row label={t('profile:date_of_birth')}>{profile.date_of_birth ? formatDay(profile.date_of_birth, lang) : none}</Row>
              <Row label={t('profile:profession')}>
                <ReferenceName id={profile.profession_id} list={professions.data} none={none} />
              </Row>
              <Row label={t('profile:district')}>
                <PlaceName districtId={profile.district_id} upazilaId={profile.upazila_id} districts={districts.data} none={none} />
              </Row>
              <Row label={t('profile:address')}>{profile.address ? <Box component="span" sx={{ whiteSpace: 'pre-line' }}>{profile.address}</Box> : none}</Row>
              <Row label={t('profile:bio')}>{profile.bio ? <Box component="span" sx={{ whiteSpace: 'pre-line' }}>{profile.bio}</Box> : none}</Row>
              <Row label={t('profile:roles')}>
                {roles.length === 0 ? (
                  t('profile:no_roles')
                ) : (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {roles.map((r) => (
                      <Chip key={r.id} variant="outlined" label={[roleLabel(r.role), institutionName(r.owner, lang)].filter(Boolean).join(' · ')} />
                    ))}
                  </Stack>
                )}
              </Row>
            </Stack>
          </CardContent>
        </Card>
        <TeacherVerificationCard />
      </Grid>
    </Grid>
  );
}

function ProfileSkeleton() {
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Skeleton variant="rounded" height={320} />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Skeleton variant="rounded" height={420} />
      </Grid>
    </Grid>
  );
}

/** A profession's or district's name in the interface's language ("#id" until the list is read, or if it lacks the id). */
function ReferenceName({ id, list, none }: { id: number | null; list: ReferenceItem[] | undefined; none: ReactNode }) {
  const { i18n } = useTranslation();
  if (id == null) return <>{none}</>;
  const item = list?.find((i) => i.id === id);
  return <>{item ? categoryTitle(item, i18n.language) : `#${formatNumber(id, i18n.language)}`}</>;
}

/**
 * The district, after its upazila when one is given: "সাভার, ঢাকা", "Savar, Dhaka". The upazila's
 * name comes from upazilaInfo; until it has come the district shows alone, and "#id" stands for an
 * upazila the server does not know (any more).
 */
function PlaceName({ districtId, upazilaId, districts, none }: { districtId: number | null; upazilaId: number | null; districts: District[] | undefined; none: ReactNode }) {
  const { t, i18n } = useTranslation('profile');
  const lang = i18n.language;
  const upazila = useUpazilaInfo(districtId == null ? null : upazilaId);
  if (districtId == null || upazilaId == null || upazila.isPending) return <ReferenceName id={districtId} list={districts} none={none} />;
  const item = districts?.find((d) => d.id === districtId);
  return (
    <span data-testid="profile-place">
      {t('profile:place', {
        upazila: upazila.data ? categoryTitle(upazila.data, lang) : `#${formatNumber(upazilaId, lang)}`,
        district: item ? categoryTitle(item, lang) : upazila.data ? categoryTitle(upazila.data.district, lang) : `#${formatNumber(districtId, lang)}`,
      })}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0.25, sm: 2 }, alignItems: 'start' }}>
      <Typography color="text.secondary" variant="body2" sx={{ fontWeight: 600, pt: { sm: 0.25 } }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}
