// The accessibility menu's items: fetched when the menu is first opened (accessibility-menu.tsx).
import { Divider, ListItemIcon, ListItemText, Menu, MenuItem, Switch } from '@mui/material';
import TextIncreaseIcon from '@mui/icons-material/TextIncrease';
import TextDecreaseIcon from '@mui/icons-material/TextDecrease';
import FormatSizeIcon from '@mui/icons-material/FormatSize';
import ContrastIcon from '@mui/icons-material/Contrast';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/lang';
import { FONT_SCALES, usePrefs } from '../../lib/prefs-context';

export function AccessibilityMenuList({
  open,
  anchorEl,
  onClose,
  onShortcuts,
}: {
  open: boolean;
  anchorEl: HTMLElement | null;
  onClose: () => void;
  onShortcuts: () => void;
}) {
  const { t, i18n } = useTranslation();
  const prefs = usePrefs();
  const idx = FONT_SCALES.indexOf(prefs.fontScale);
  const percent = formatNumber(Math.round(prefs.fontScale * 100), i18n.language);
  return (
    <Menu anchorEl={anchorEl} open={open} onClose={onClose} data-testid="a11y-menu">
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
          onClose();
          onShortcuts();
        }}
      >
        <ListItemIcon>
          <KeyboardIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('common:a11y.shortcuts')} />
      </MenuItem>
    </Menu>
  );
}
