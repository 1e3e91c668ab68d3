import { ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import type { Lang } from '../../lib/lang';

/** EN / BN switch; the choice is kept in localStorage `lang`. */
export function LanguageToggle({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'en' ? 'en' : 'bn') as Lang;
  return (
    <ToggleButtonGroup
      value={lang}
      exclusive
      size={size}
      aria-label={t('common:lang.label')}
      onChange={(_, v: Lang | null) => v && v !== lang && changeLanguage(v)}
      data-testid="lang-toggle"
      sx={{ '& .MuiToggleButton-root': { px: 1.25, py: 0.25, fontWeight: 700, lineHeight: 1.6 } }}
    >
      <Tooltip title={t('common:lang.switch_en')}>
        <ToggleButton value="en" lang="en" data-testid="lang-en" aria-label={t('common:lang.switch_en')}>
          {t('common:lang.en')}
        </ToggleButton>
      </Tooltip>
      <Tooltip title={t('common:lang.switch_bn')}>
        <ToggleButton value="bn" lang="bn" data-testid="lang-bn" aria-label={t('common:lang.switch_bn')}>
          {t('common:lang.bn')}
        </ToggleButton>
      </Tooltip>
    </ToggleButtonGroup>
  );
}
