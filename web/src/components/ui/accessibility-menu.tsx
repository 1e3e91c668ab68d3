import { IconButton } from '@mui/material';
import AccessibilityNewIcon from '@mui/icons-material/AccessibilityNew';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredOverlay, Tooltip } from './deferred-mui';

// The menu's code comes when it is first opened.
const AccessibilityMenuList = deferredOverlay(() => import('./accessibility-menu-list').then((m) => m.AccessibilityMenuList));

export const A11Y_BUTTON_ID = 'a11y-menu-button';

export const AccessibilityMenu = forwardRef<HTMLButtonElement, { onShortcuts: () => void }>(function AccessibilityMenu(
  { onShortcuts },
  ref,
) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
      <AccessibilityMenuList open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} onShortcuts={onShortcuts} />
    </>
  );
});
