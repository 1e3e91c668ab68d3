// The announcement banner and the popup news of the default layout (SPEC §2): the newest published
// article flagged `news` as a thin closable bar above the page, the one flagged `popup` once as a
// dialog. Closed items stay closed (localStorage). The layout loads this module lazily, after the
// page's first pictures: neither its code, its texts (the `posts` namespace, asked for only when
// there is something to show) nor the dialog's weigh on the first paint. It imports only what the
// shell already has besides its own modules (scripts/vite-plugins.ts puts what the shell's lazy
// parts share with a landing page into the chunk every landing page loads).
import { Box, Button, IconButton, Link, Typography } from '@mui/material';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/deferred-mui';
import { localTitle } from '../../../lib/course-text';
import { postPagePath, type Post } from '../api/publishing-api';
import { bannerHiddenOn, isClosed, rememberClosed, usePopupAndNews } from '../hooks/public-announcements';

export default function Announcements() {
  const { pathname } = useLocation();
  const { data } = usePopupAndNews();
  // Re-renders once an item is closed (what is closed is read from storage).
  const [, setClosedNow] = useState(0);
  if (!data || bannerHiddenOn(pathname)) return null;
  const closeNews = (id: number) => {
    rememberClosed('news', id);
    setClosedNow((n) => n + 1);
  };
  const news = data.news && !isClosed('news', data.news.id) ? data.news : null;
  const popup = data.popup && !isClosed('popup', data.popup.id) ? data.popup : null;
  if (!news && !popup) return null;
  return (
    <Suspense fallback={null}>
      {news && <NewsBanner news={news} onClose={() => closeNews(news.id)} />}
      {popup && <PopupNews key={popup.id} popup={popup} onClosed={() => rememberClosed('popup', popup.id)} />}
    </Suspense>
  );
}

function NewsBanner({ news, onClose }: { news: Post; onClose: () => void }) {
  const { t, i18n } = useTranslation('posts');
  const title = localTitle(news, i18n.language);
  return (
    <Box
      component="aside"
      aria-label={t('announcement.label')}
      data-testid="announcement-banner"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1.5, sm: 3 }, py: 0.5, minHeight: 40, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
    >
      <CampaignOutlinedIcon sx={{ fontSize: 20, flexShrink: 0 }} />
      <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, fontWeight: 600, textAlign: 'center', overflowWrap: 'anywhere' }} data-user-content>
        {news.link ? (
          <Link
            href={news.link}
            target="_blank"
            rel="noopener noreferrer"
            color="inherit"
            data-testid="announcement-link"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, textDecorationColor: 'currentColor' }}
          >
            {title}
            <OpenInNewIcon sx={{ fontSize: 16 }} titleAccess={t('post.new_tab')} />
          </Link>
        ) : (
          title
        )}
      </Typography>
      <IconButton size="small" color="inherit" onClick={onClose} aria-label={t('announcement.close')} data-testid="announcement-close" sx={{ flexShrink: 0 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function PopupNews({ popup, onClosed }: { popup: Post; onClosed: () => void }) {
  const { t, i18n } = useTranslation('posts');
  const [open, setOpen] = useState(true);
  const title = localTitle(popup, i18n.language);
  const titleId = `popup-news-${popup.id}`;
  // Remembered at once; the dialog stays mounted (closed) so that its closing transition runs.
  const close = () => {
    onClosed();
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="popup-news"
    >
      {popup.cover && (
        <Box component="img" src={popup.cover} alt="" sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', bgcolor: 'action.hover' }} />
      )}
      <DialogTitle id={titleId} sx={{ pr: 6 }} data-user-content>
        {title}
      </DialogTitle>
      <IconButton onClick={close} aria-label={t('announcement.popup_close')} sx={{ position: 'absolute', right: 8, top: 8, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        {popup.summary && (
          <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }} data-user-content>
            {popup.summary}
          </Typography>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={close}>{t('announcement.popup_close')}</Button>
          <Button variant="contained" component={RouterLink} to={postPagePath(popup)} onClick={close}>
            {t('announcement.read_more')}
          </Button>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
