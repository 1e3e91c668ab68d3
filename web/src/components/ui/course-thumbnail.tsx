import { Box } from '@mui/material';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compactCount } from '../../lib/course-text';

export function useCountText() {
  const { t, i18n } = useTranslation();
  return (n: number) =>
    compactCount(n, i18n.language, {
      thousand: t('common:count.thousand'),
      lakh: t('common:count.lakh'),
      million: t('common:count.million'),
      billion: t('common:count.billion'),
    });
}

/**
 * Whether the element is on the screen or within `margin` of it (then stays true). Browsers'
 * loading="lazy" fetches pictures up to 1250-2500 px away, which on a home page of course rows is
 * nearly all of them (~1 MB of pictures on a phone before any scrolling); this waits until a card
 * is actually about to be seen.
 */
function useNearScreen<T extends Element>(enabled: boolean, margin = '150px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        io.disconnect();
      }
    }, { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}

/**
 * A course picture filling its box; a placeholder when there is none or it fails to load.
 * `priority`: the page's main picture, fetched at once and first (it is the page's largest
 * element on a phone); other pictures (cards) are fetched when they come near the screen.
 */
export function CourseThumbnail({ src, iconSize = 48, priority }: { src: string | null | undefined; iconSize?: number; priority?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const [ref, near] = useNearScreen<HTMLDivElement>(!priority);
  if (src && failed !== src && near) {
    return (
      <Box
        component="img"
        src={src}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        onError={() => setFailed(src)}
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <Box ref={ref} sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'text.disabled' }}>
      {(!src || failed === src) && <SchoolOutlinedIcon sx={{ fontSize: iconSize }} />}
    </Box>
  );
}
