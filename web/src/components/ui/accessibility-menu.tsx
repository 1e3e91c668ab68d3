import { Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Switch, Tooltip } from '@mui/material';
import AccessibilityNewIcon from '@mui/icons-material/AccessibilityNew';
import TextIncreaseIcon from '@mui/icons-material/TextIncrease';
import TextDecreaseIcon from '@mui/icons-material/TextDecrease';
import FormatSizeIcon from '@mui/icons-material/FormatSize';
import ContrastIcon from '@mui/icons-material/Contrast';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/lang';
import { FONT_SCALES, usePrefs } from '../../lib/prefs-context';

export const A11Y_BUTTON_ID = 'a11y-menu-button';

export const AccessibilityMenu = forwardRef<HTMLButtonElement, { onShortcuts: () => void }>(function AccessibilityMenu(
  { onShortcuts },
  ref,
) {
  const { t, i18n } = useTranslation();
  const prefs = usePrefs();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const idx = FONT_SCALES.indexOf(prefs.fontScale);
  const percent = formatNumber(Math.round(prefs.fontScale * 100), i18n.language);
  return (
    <>
      <Tooltip title={t('common:a11y.menu')}>
        <IconButton
          ref={ref}
          id={A11Y_BUTTON_ID}
          aria-label={t('common:a11y.menu')}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="a11y-button"
        >
          <AccessibilityNewIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} data-testid="a11y-menu">
        <MenuItem disabled sx={{ opacity: '1 !important' }}>
          <ListItemText primary={t('common:a11y.font_size', { percent })} />
        </MenuItem>
        <MenuItem
          disabled={idx >= FONT_SCALES.length - 1}
          onClick={() => prefs.setFontScale(FONT_SCALES[Math.min(FONT_SCALES.length - 1, idx + 1)])}
        >
          <ListItemIcon>
            <TextIncreaseIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common:a11y.increase_font')} />
        </MenuItem>
        <MenuItem disabled={idx <= 0} onClick={() => prefs.setFontScale(FONT_SCALES[Math.max(0, idx - 1)])}>
          <ListItemIcon>
            <TextDecreaseIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common:a11y.decrease_font')} />
        </MenuItem>
        <MenuItem onClick={() => prefs.setFontScale(1)}>
          <ListItemIcon>
            <FormatSizeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common:a11y.reset_font')} />
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => prefs.setHighContrast(!prefs.highContrast)} data-testid="high-contrast">
          <ListItemIcon>
            <ContrastIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common:a11y.high_contrast')} />
          <Switch edge="end" size="small" checked={prefs.highContrast} tabIndex={-1} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onShortcuts();
          }}
        >
          <ListItemIcon>
            <KeyboardIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common:a11y.shortcuts')} />
        </MenuItem>
      </Menu>
    </>
  );
});
