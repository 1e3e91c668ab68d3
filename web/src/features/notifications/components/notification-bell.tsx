// The header's bell: the signed-in caller's unread count on a badge (Bangla digits in Bangla, 99+
// beyond 99, nothing at 0), kept current by the server's event stream. The panel it opens (the
// latest notifications) is its own chunk, fetched when first opened: the bell itself stays small.
import { Badge, IconButton } from '@mui/material';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredOverlay, Tooltip } from '../../../components/ui/deferred-mui';
import { formatNumber } from '../../../lib/lang';
import { useCurrentUser } from '../../../lib/session';
import { useUnreadCount } from '../hooks/use-notifications';

const NotificationPanel = deferredOverlay(() => import('./notification-panel').then((m) => m.NotificationPanel));

/** Beyond this the badge shows "99+". */
export const BADGE_MAX = 99;

/** The badge's number in `lang`: "৫" in Bangla, "99+" / "৯৯+" beyond 99. */
export function badgeText(count: number, lang: string): string {
  return count > BADGE_MAX ? `${formatNumber(BADGE_MAX, lang)}+` : formatNumber(count, lang);
}

export interface BellButtonProps {
  count: number;
  /** The panel is open (aria-expanded). */
  open?: boolean;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
}

/** The button and its badge alone. */
export function BellButton({ count, open = false, onClick }: BellButtonProps) {
  const { t, i18n } = useTranslation('notifications');
  const lang = i18n.language;
  const shown = count > 0;
  const label = shown ? t('bell_unread', { n: formatNumber(count, lang) }) : t('bell');
  return (
    <Tooltip title={label}>
      <IconButton onClick={onClick} aria-label={label} aria-haspopup="dialog" aria-expanded={open} data-testid="bell">
        <Badge
          color="error"
          badgeContent={shown ? badgeText(count, lang) : undefined}
          invisible={!shown}
          // The number is in the button's label: the badge is not read out again.
          slotProps={{ badge: (shown ? { 'data-testid': 'bell-count', 'aria-hidden': true } : { 'aria-hidden': true }) as object }}
        >
          <NotificationsNoneIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

/** The bell for the signed-in caller (nothing for a visitor). */
export function NotificationBell() {
  const { token, isSignedIn } = useCurrentUser();
  const { count } = useUnreadCount(token);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!isSignedIn) return null;
  return (
    <>
      <BellButton count={count} open={!!anchor} onClick={(e) => setAnchor(e.currentTarget)} />
      <NotificationPanel open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}

export default NotificationBell;
