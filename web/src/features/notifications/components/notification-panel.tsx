// The bell's panel: the latest notifications (unread ones in bold with a dot), each a menu item
// that marks it read and opens its link; "Mark all as read" while any is unread; an empty state.
// Arrow keys move between the items, Escape closes and gives the focus back to the bell. On a
// phone the panel is as wide as the screen allows.
import { Box, Button, LinearProgress, MenuItem, MenuList, Popover, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatDate, timeAgo } from '../../../lib/lang';
import { useCurrentUser } from '../../../lib/session';
import type { Notification } from '../api/notifications-api';
import { appPath, notificationText } from '../hooks/notification-text';
import { listQuery, markAllReadMutation, markReadMutation, unreadQuery } from '../hooks/use-notifications';

export interface NotificationPanelProps {
  open: boolean;
  anchorEl: HTMLElement | null;
  onClose: () => void;
}

export function NotificationPanel({ open, anchorEl, onClose }: NotificationPanelProps) {
  const titleId = useId();
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      marginThreshold={8}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(560px, calc(100vh - 96px))', mt: 1 } } }}
    >
      <NotificationList active={open} titleId={titleId} onClose={onClose} />
    </Popover>
  );
}

/** What choosing an item does: an unread one is marked read (PUT), the panel closes, its link opens. */
export function openNotification(n: Notification, { markRead, navigate, close }: { markRead: (n: Notification) => void; navigate: (to: string) => void; close: () => void }) {
  if (!n.read) markRead(n);
  close();
  const to = appPath(n.link);
  if (to) navigate(to);
}

export interface NotificationListProps {
  /** The panel is open: the list is read (again when stale) only then. */
  active: boolean;
  titleId?: string;
  onClose: () => void;
  /** The time the items' ages are counted from (tests). */
  now?: number;
}

/** The panel's content: its title, "Mark all as read", and the items (or why there are none). */
export function NotificationList({ active, titleId, onClose, now }: NotificationListProps) {
  const { t, i18n } = useTranslation('notifications');
  const lang = i18n.language;
  const { token } = useCurrentUser();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({ ...listQuery(token), enabled: active && !!token });
  const unread = useQuery(unreadQuery(token)).data ?? 0;
  const markOne = useMutation(markReadMutation(qc, token));
  const markAll = useMutation(markAllReadMutation(qc, token));
  const items = list.data?.data ?? [];
  const anyUnread = unread > 0 || items.some((n) => !n.read);

  const openItem = (n: Notification) => openNotification(n, { markRead: (x) => markOne.mutate(x), navigate: (to) => void navigate(to), close: onClose });

  let body;
  if (list.isPending) {
    body = <LinearProgress aria-label={t('common:app.loading')} sx={{ m: 2 }} />;
  } else if (list.isError && !list.data) {
    body = (
      <Box sx={{ px: 2, py: 3, textAlign: 'center' }} role="alert">
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('load_failed')}
        </Typography>
        <Button size="small" onClick={() => void list.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Box>
    );
  } else if (items.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 4, textAlign: 'center' }} data-testid="bell-empty">
        {t('empty')}
      </Typography>
    );
  } else {
    body = (
      <MenuList autoFocusItem={active} aria-labelledby={titleId} sx={{ py: 0 }}>
        {items.map((n) => (
          <MenuItem
            key={n.id}
            onClick={() => openItem(n)}
            data-testid="bell-item"
            data-read={String(n.read)}
            divider
            sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, whiteSpace: 'normal', bgcolor: n.read ? undefined : 'action.hover' }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{ mt: 0.75, width: 8, height: 8, flexShrink: 0, borderRadius: '50%', bgcolor: n.read ? 'transparent' : 'primary.main' }}
            />
            <Box sx={{ minWidth: 0 }}>
              {!n.read && (
                <Box component="span" sx={visuallyHidden}>
                  {t('unread')}:{' '}
                </Box>
              )}
              <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: n.read ? 400 : 700, overflowWrap: 'anywhere' }}>
                {notificationText(n, t, lang)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="time" dateTime={n.created_at} title={formatDate(n.created_at, lang)}>
                {timeAgo(n.created_at, lang, now)}
              </Typography>
            </Box>
          </MenuItem>
        ))}
      </MenuList>
    );
  }

  return (
    <Box data-testid="bell-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {t('title')}
        </Typography>
        {anyUnread && (
          <Button size="small" onClick={() => markAll.mutate()} disabled={markAll.isPending} data-testid="bell-read-all">
            {t('read_all')}
          </Button>
        )}
      </Box>
      {body}
    </Box>
  );
}
