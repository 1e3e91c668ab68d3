// Parts of the summary card of /profile/myprofile: who it is (with the photo's upload), and what the
// profile still lacks, as chips that lead to the field (or send the verification link, or open the
// photo's picker); the verification state of the e-mail address and the phone.
import { Box, Chip, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/AddOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/TaskAltOutlined';
import MailOutlineOutlinedIcon from '@mui/icons-material/MailOutlineOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { useTranslation } from 'react-i18next';
import { localName } from '../../../lib/course-text';
import { PROFILE_PARTS, type Profile, type ProfilePart } from '../api/profile-api';
import type { ProfileField } from '../hooks/profile-values';
import { pickPhoto, ProfilePhoto } from './profile-photo';
import { useSendVerification } from './verification-link';

/** The form field each missing part is added with (the photo is uploaded by itself; the e-mail is verified by a link). */
const FIELD_OF: Partial<Record<ProfilePart, ProfileField>> = {
  name_bn: 'name_bn',
  phone: 'phone',
  gender: 'gender',
  date_of_birth: 'date_of_birth',
  address: 'address',
  bio: 'bio',
};

/** Photo (or initial) and its upload, name in the interface's language, and e-mail address. */
export function ProfileIdentity({ profile }: { profile: Profile }) {
  const { i18n } = useTranslation('profile');
  const name = localName(profile, i18n.language);
  return (
    <Box sx={{ textAlign: 'center' }}>
      <ProfilePhoto photo={profile.photo} initial={name.slice(0, 1).toUpperCase()} />
      <Typography variant="h6" component="p" sx={{ mt: 2, wordBreak: 'break-word' }}>
        {name}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ wordBreak: 'break-word' }}>
        {profile.email}
      </Typography>
    </Box>
  );
}

export function MissingParts({ profile, onEdit }: { profile: Profile; onEdit: (field: ProfileField) => void }) {
  const { t } = useTranslation('profile');
  const send = useSendVerification(profile.email);
  // Known parts only, in the order of the form.
  const missing = PROFILE_PARTS.filter((p) => profile.missing?.includes(p));
  if (!missing.length) {
    return (
      <Typography variant="body2" color="success.main" sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 0.75 }} data-testid="profile-complete">
        <CheckCircleOutlineIcon fontSize="small" />
        {t('profile:missing.none')}
      </Typography>
    );
  }
  return (
    <Box sx={{ mt: 2.5 }} data-testid="profile-missing">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('profile:missing.title')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        // Long labels (Bangla, large text) wrap inside their chip instead of being cut.
        sx={{ flexWrap: 'wrap', '& .MuiChip-root': { height: 'auto', minHeight: 32, py: 0.5 }, '& .MuiChip-label': { whiteSpace: 'normal' } }}
      >
        {missing.map((part) => {
          const label = t(`profile:missing.${part}`);
          if (part === 'email_verified') {
            return (
              <Chip
                key={part}
                icon={<MailOutlineOutlinedIcon />}
                label={send.isPending ? t('profile:verify.sending') : label}
                color="warning"
                variant="outlined"
                onClick={send.isPending ? undefined : () => send.mutate()}
                data-testid={`missing-${part}`}
              />
            );
          }
          const field = FIELD_OF[part];
          return (
            <Chip
              key={part}
              icon={field ? <AddIcon /> : <PhotoCameraOutlinedIcon />}
              label={label}
              color="primary"
              variant="outlined"
              onClick={field ? () => onEdit(field) : pickPhoto}
              data-testid={`missing-${part}`}
            />
          );
        })}
      </Stack>
    </Box>
  );
}

/** "Verified" or "Not verified" beside an e-mail address or a phone (test ids `email-verified`, `phone-unverified`...). */
export function VerifiedState({ verified, of }: { verified: boolean; of: 'email' | 'phone' }) {
  const { t } = useTranslation('profile');
  return verified ? (
    <Chip size="small" color="success" variant="outlined" icon={<CheckCircleOutlineIcon />} label={t('profile:verify.verified')} data-testid={`${of}-verified`} />
  ) : (
    <Chip size="small" color="warning" variant="outlined" icon={<ReportProblemOutlinedIcon />} label={t('profile:verify.unverified')} data-testid={`${of}-unverified`} />
  );
}
