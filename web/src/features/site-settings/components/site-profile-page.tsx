import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Grid,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { institutionName, localSlogan } from '../../../lib/course-text';
import { normalizeSite } from '../../../lib/site';
import { useSite } from '../../../lib/site-context';
import type { SiteConfig, SiteModules } from '../../../lib/types';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { isHexColour } from '../../../theme/primitives';
import { fetchSite, updateSite } from '../api/site-settings-api';
import { checkLogo, LOGO_TYPES, readAsDataUrl } from '../hooks/logo-file';
import { VERIFICATION_KEYS, verificationOf, withVerification } from '../hooks/verification';
import { CustomDomainCard } from './custom-domain-card';
import { SiteCertificateCard } from './site-certificate-card';
import { SitePreview } from './site-preview';

const MODULE_KEYS: (keyof SiteModules)[] = [
  'faq',
  'partnership',
  'userguide',
  'teacher',
  'partner',
  'home_users',
  'home_features',
  'learner_feedback',
  'sso_login',
];

export default function SiteProfilePage() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const { site: ctxSite, setSite } = useSite();
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const query = useQuery({ queryKey: ['site'], queryFn: fetchSite });
  const base = query.data ? normalizeSite(query.data) : query.isError ? ctxSite : null;
  // Starts from the site when it is already at hand (cached); otherwise the effect below fills it in.
  const [config, setConfig] = useState<SiteConfig | null>(() => (base ? structuredClone(base.site_config) : null));
  const [logo, setLogo] = useState<string | null | undefined>(undefined); // undefined = unchanged
  const [logoError, setLogoError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (base && !config) setConfig(structuredClone(base.site_config));
  }, [base, config]);

  const mutation = useMutation({
    mutationFn: () => updateSite({ site_config: config!, ...(logo !== undefined ? { logo } : {}) }),
    onSuccess: (saved) => {
      const next = normalizeSite(saved);
      qc.setQueryData(['site'], saved);
      if (next.id === ctxSite.id || ctxSite.id === 0) setSite(next);
      setLogo(undefined);
      toast.show(t('settings:profile.saved'));
    },
  });

  if (query.isLoading || !config || !base) {
    return query.isError && !base ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : <Skeleton variant="rounded" height={420} />;
  }

  const serverErrors = fieldErrorsOf(mutation.error);
  const currentLogo = logo === undefined ? base.logo : logo;
  const primaryOk = isHexColour(config.theme.primary);
  const secondaryOk = isHexColour(config.theme.secondary);
  const verification = verificationOf(config);
  const set = (patch: Partial<SiteConfig>) => setConfig({ ...config, ...patch });
  const setTheme = (k: 'primary' | 'secondary', v: string) => set({ theme: { ...config.theme, [k]: v } });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkLogo(file);
    if (problem) {
      setLogoError(problem === 'type' ? t('settings:profile.logo_type') : t('settings:profile.logo_size'));
      return;
    }
    setLogoError(null);
    setLogo(await readAsDataUrl(file));
  };

  const name = institutionName(base, i18n.language);
  const slogan = localSlogan(config, i18n.language);

  return (
    <Box data-testid="site-profile-page">
      <PageHeader title={t('settings:profile.title')} subtitle={t('settings:profile.subtitle')} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={3} component="form" noValidate onSubmit={(e) => { e.preventDefault(); if (primaryOk && secondaryOk) mutation.mutate(); }}>
            {mutation.error && <Alert severity="error">{errorText(mutation.error)}</Alert>}
            <Card>
              <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
                <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                  {t('settings:profile.slogan_title')}
                </Typography>
                <Stack spacing={2}>
                  <TextField id="slogan_en" lang="en" label={t('settings:profile.slogan_en')} value={config.slogan_en} onChange={(e) => set({ slogan_en: e.target.value })} multiline minRows={2} error={!!serverErrors['site_config.slogan_en']} helperText={serverErrors['site_config.slogan_en']} />
                  <TextField id="slogan_bn" lang="bn" label={t('settings:profile.slogan_bn')} value={config.slogan_bn} onChange={(e) => set({ slogan_bn: e.target.value })} multiline minRows={2} error={!!serverErrors['site_config.slogan_bn']} helperText={serverErrors['site_config.slogan_bn']} />
                </Stack>
              </CardContent>
            </Card>
            <Card>
              <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
                <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                  {t('settings:profile.theme_title')}
                </Typography>
                <Grid container spacing={2}>
                  {(['primary', 'secondary'] as const).map((k) => {
                    const ok = k === 'primary' ? primaryOk : secondaryOk;
                    const err = serverErrors[`site_config.theme.${k}`];
                    return (
                      <Grid key={k} size={{ xs: 12, sm: 6 }}>
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                          <Box
                            component="input"
                            type="color"
                            aria-label={t(`settings:profile.${k}`)}
                            value={ok ? config.theme[k] : '#000000'}
                            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setTheme(k, e.target.value)}
                            data-testid={`colour-${k}`}
                            sx={{ width: 56, height: 56, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper', cursor: 'pointer', flexShrink: 0 }}
                          />
                          <TextField
                            id={`theme_${k}`}
                            label={t(`settings:profile.${k}`)}
                            value={config.theme[k]}
                            onChange={(e) => setTheme(k, e.target.value.trim())}
                            error={!ok || !!err}
                            helperText={!ok ? t('settings:profile.colour_invalid') : err}
                            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
                          />
                        </Stack>
                      </Grid>
                    );
                  })}
                </Grid>
              </CardContent>
            </Card>
            <Card>
              <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('settings:profile.logo_title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {t('settings:profile.logo_hint')}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
                  <Box sx={{ width: 160, height: 80, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', overflow: 'hidden' }}>
                    {currentLogo ? (
                      <Box component="img" src={currentLogo} alt="" sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
                    ) : (
                      <Stack sx={{ alignItems: 'center', color: 'text.disabled' }}>
                        <ImageOutlinedIcon />
                        <Typography variant="caption">{t('settings:profile.no_logo')}</Typography>
                      </Stack>
                    )}
                  </Box>
                  <Stack direction="row" spacing={1}>
                    <Button variant="outlined" startIcon={<CloudUploadOutlinedIcon />} onClick={() => fileRef.current?.click()}>
                      {t('settings:profile.logo_upload')}
                    </Button>
                    {currentLogo && (
                      <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setLogo(null)}>
                        {t('settings:profile.logo_remove')}
                      </Button>
                    )}
                  </Stack>
                  <input
                    ref={fileRef}
                    type="file"
                    hidden
                    accept={LOGO_TYPES.join(',')}
                    data-testid="logo-input"
                    onChange={(e) => {
                      void onFile(e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                </Stack>
                {(logoError || serverErrors.logo) && (
                  <Alert severity="error" sx={{ mt: 2 }}>
                    {logoError ?? serverErrors.logo}
                  </Alert>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('settings:profile.modules_title')}
                </Typography>
                <Grid container>
                  {MODULE_KEYS.map((m) => (
                    <Grid key={m} size={{ xs: 12, sm: 6 }}>
                      <FormControlLabel
                        control={<Switch checked={!!config.modules[m]} onChange={(e) => set({ modules: { ...config.modules, [m]: e.target.checked } })} />}
                        label={t(`settings:modules.${m}`)}
                      />
                    </Grid>
                  ))}
                </Grid>
              </CardContent>
            </Card>
            <Card>
              <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
                <Typography id="verification-title" variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('settings:profile.verification_title')}
                </Typography>
                <Typography id="verification-hint" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('settings:profile.verification_hint')}
                </Typography>
                <Grid container role="group" aria-labelledby="verification-title" aria-describedby="verification-hint">
                  {VERIFICATION_KEYS.map((k) => (
                    <Grid key={k} size={{ xs: 12, sm: 6 }}>
                      <FormControlLabel
                        control={
                          <Switch
                            checked={verification[k]}
                            onChange={(e) => setConfig(withVerification(config, k, e.target.checked))}
                            slotProps={{ input: { id: `verification-${k}` } }}
                          />
                        }
                        label={t(`settings:verification.${k}`)}
                      />
                    </Grid>
                  ))}
                </Grid>
              </CardContent>
            </Card>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" size="large" startIcon={<SaveOutlinedIcon />} disabled={mutation.isPending || !primaryOk || !secondaryOk} data-testid="save-site" sx={{ width: { xs: '100%', sm: 'auto' } }}>
                {mutation.isPending ? t('common:actions.saving') : t('settings:profile.save')}
              </Button>
            </Box>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <Typography variant="overline" color="text.secondary">
              {t('settings:profile.preview_title')}
            </Typography>
            <SitePreview name={name} slogan={slogan} logo={currentLogo ?? null} primary={config.theme.primary} secondary={config.theme.secondary} />
          </Box>
        </Grid>
        {/* Outside the profile form: the domain card has its own form and its actions apply at once. */}
        <Grid size={{ xs: 12, md: 7 }}>
          <CustomDomainCard />
        </Grid>
        {base.id > 0 && (
          <Grid size={{ xs: 12, md: 7 }}>
            <SiteCertificateCard institutionId={base.id} />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
