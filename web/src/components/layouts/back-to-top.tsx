import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fab, Zoom } from '../ui/deferred-mui';

export const BACK_TO_TOP_OFFSET = 100; // SPEC 9

export function BackToTop() {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  useEffect(() => {
    const onScroll = () => setShow(window.scrollY > BACK_TO_TOP_OFFSET);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Zoom in={show}>
      <Fab
        size="small"
        color="primary"
        aria-label={t('common:nav.back_to_top')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        data-testid="back-to-top"
        sx={{ position: 'fixed', right: 16, bottom: { xs: 76, md: 24 }, zIndex: (th) => th.zIndex.appBar - 1 }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
