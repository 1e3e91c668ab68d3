import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import type { Lang } from '../../lib/lang';
import { LateToggleButton as ToggleButton, LateToggleButtonGroup as ToggleButtonGroup, Tooltip } from './deferred-mui';

/**
 * EN / BN switch; the choice is kept in localStorage `lang`. `compact` is one small button naming
 * the other language (for narrow headers), labelled for screen readers.
 */
export function LanguageToggle({ size = 'small', compact }: { size?: 'small' | 'medium'; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'en' ? 'en' : 'bn') as Lang;
  if (compact) {
    const other: Lang = lang === 'en' ? 'bn' : 'en';
    const label = t(`common:lang.switch_${other}`);
    // No tooltip: on a phone there is no hover, and the label is read out.
    return (
      <Button
        size="small"
        variant="outlined"
        lang={other}
        aria-label={label}
        onClick={() => void changeLanguage(other)}
        data-testid="lang-switch"
        sx={{ minWidth: 0, px: 1, py: 0.25, fontWeight: 700, lineHeight: 1.6, flexShrink: 0 }}
      >
        {t(`common:lang.${other}`)}
      </Button>
    );
  }
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
