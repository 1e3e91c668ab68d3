// The home page's slides (set by the site's admin on /settings/sliders): one at a time, its title
// and subtitle in the interface's language over the picture, previous / next buttons and a dot per
// slide. It moves on by itself every SLIDE_MS, except while the pointer is over it or focus is in
// it (so that nobody loses what they are reading or about to press) and never for people who ask
// for reduced motion. The home page loads this module lazily, below its first screen; its texts
// (the `extras` namespace) are asked for only when there is a slide to show.
import { Box, Container, IconButton, Typography, useMediaQuery } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import type { Slider } from '../../../lib/site-extras';
import { useFrontSliders } from '../hooks/home-extras';

/** How long a slide shows before the next one. */
export const SLIDE_MS = 6000;

export default function HomeSlider() {
  const { data } = useFrontSliders();
  // Nothing at all (not even a gap) without slides, while they load or when they could not be read.
  if (!data?.length) return null;
  return <Slides slides={data} />;
}

/** The slide's title and subtitle in the interface's language (the Bangla ones when given). */
export function slideTexts(s: Slider, lang: string) {
  return { title: localTitle(s, lang), subtitle: localTitle({ title: s.subtitle, title_bn: s.subtitle_bn }, lang) };
}

/** A link off this site opens in a new tab; one of its own pages in this one. */
function isOwnLink(link: string): boolean {
  if (link.startsWith('/') && !link.startsWith('//')) return true;
  if (typeof window === 'undefined') return false;
  try {
    return new URL(link).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function Slides({ slides }: { slides: Slider[] }) {
  const { t, i18n } = useTranslation('extras');
  const lang = i18n.language;
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // The list may shrink when it is read again.
  const current = index % count;
  const playing = count > 1 && !hovered && !focused && !reducedMotion;

  // A fresh timer after every change, so that a slide chosen by hand gets its full time too.
  useEffect(() => {
    if (!playing) return;
    const id = setTimeout(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => clearTimeout(id);
  }, [playing, current, count]);

  const go = (i: number) => setIndex((i + count) % count);
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  const slide = slides[current];
  const { title, subtitle } = slideTexts(slide, lang);
  const position = t('slider.position', { n: formatNumber(current + 1, lang), total: formatNumber(count, lang) });

  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 4, md: 6 } }}>
      <Box
        component="section"
        aria-roledescription={t('slider.carousel')}
        aria-label={t('slider.label')}
        data-testid="home-slider"
        data-playing={playing ? 'true' : 'false'}
        // A mouse only: a tap on a phone would otherwise leave it paused for good.
        onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
        sx={{ position: 'relative' }}
      >
        {/* Announced when changed by hand, not every few seconds while it moves by itself. */}
        <Box aria-live={playing ? 'off' : 'polite'}>
          <Box
            key={slide.id}
            role="group"
            aria-roledescription={t('slider.slide')}
            aria-label={position}
            data-testid="slide"
            data-slide-id={slide.id}
            sx={{
              position: 'relative',
              aspectRatio: '16 / 9',
              maxHeight: { md: 520 },
              width: '100%',
              borderRadius: { xs: 2, md: 3 },
              overflow: 'hidden',
              bgcolor: 'grey.900',
              color: '#fff',
              // A gentle fade; none for those who ask for less motion.
              '@media (prefers-reduced-motion: no-preference)': { animation: 'home-slide-in 400ms ease-out' },
              '@keyframes home-slide-in': { from: { opacity: 0.4 }, to: { opacity: 1 } },
            }}
          >
            <SlideLink link={slide.link}>
              <Box
                component="img"
                src={slide.image}
                alt=""
                loading="lazy"
                decoding="async"
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                data-testid="slide-image"
              />
              {(title || subtitle) && (
                <Box
                  sx={{
                    position: 'absolute',
                    insetInline: 0,
                    bottom: 0,
                    px: { xs: 2, sm: 4, md: 6 },
                    pt: { xs: 4, md: 8 },
                    // Room for the buttons at the sides and the dots under the text.
                    pb: { xs: 1.5, md: 3 },
                    background: 'linear-gradient(to top, rgba(0,0,0,0.75), rgba(0,0,0,0.35) 60%, transparent)',
                  }}
                >
                  <Typography
                    component="h2"
                    data-testid="slide-title"
                    data-user-content
                    sx={{ fontWeight: 700, fontSize: { xs: 18, sm: 26, md: 34 }, lineHeight: 1.25, overflowWrap: 'anywhere', textShadow: '0 1px 3px rgba(0,0,0,0.5)' }}
                  >
                    {title}
                  </Typography>
                  {subtitle && (
                    <Typography
                      data-testid="slide-subtitle"
                      data-user-content
                      sx={{
                        mt: 0.5,
                        fontSize: { xs: 14, md: 18 },
                        opacity: 0.92,
                        overflowWrap: 'anywhere',
                        // Two lines on a phone: the picture stays visible.
                        display: '-webkit-box',
                        WebkitLineClamp: { xs: 2, md: 3 },
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                      }}
                    >
                      {subtitle}
                    </Typography>
                  )}
                </Box>
              )}
            </SlideLink>
          </Box>
        </Box>
        {count > 1 && (
          <>
            <ArrowButton side="left" label={t('slider.previous')} onClick={() => go(current - 1)} testId="slide-previous">
              <ChevronLeftIcon />
            </ArrowButton>
            <ArrowButton side="right" label={t('slider.next')} onClick={() => go(current + 1)} testId="slide-next">
              <ChevronRightIcon />
            </ArrowButton>
            <Box sx={{ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: 0.5, mt: 1 }} data-testid="slide-dots">
              {slides.map((s, i) => (
                <Box
                  component="button"
                  type="button"
                  key={s.id}
                  onClick={() => go(i)}
                  aria-label={t('slider.go_to', { n: formatNumber(i + 1, lang) })}
                  aria-current={i === current ? 'true' : undefined}
                  data-testid="slide-dot"
                  sx={{
                    // A 24 px target around a small dot.
                    width: 24,
                    height: 24,
                    p: 0,
                    border: 0,
                    bgcolor: 'transparent',
                    cursor: 'pointer',
                    display: 'grid',
                    placeItems: 'center',
                    '&::after': {
                      content: '""',
                      width: i === current ? 20 : 8,
                      height: 8,
                      borderRadius: 4,
                      bgcolor: i === current ? 'primary.main' : 'action.disabled',
                      transition: 'width 200ms',
                    },
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', borderRadius: 1 },
                  }}
                />
              ))}
            </Box>
          </>
        )}
      </Box>
    </Container>
  );
}

/** The whole slide leads to its link when it has one. */
function SlideLink({ link, children }: { link: string | null; children: ReactNode }) {
  if (!link) return <>{children}</>;
  const own = isOwnLink(link);
  return (
    <Box
      component="a"
      href={link}
      {...(own ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
      data-testid="slide-link"
      sx={{ position: 'absolute', inset: 0, display: 'block', color: 'inherit', textDecoration: 'none', '&:focus-visible': { outline: '3px solid #fff', outlineOffset: -3 } }}
    >
      {children}
    </Box>
  );
}

function ArrowButton({ side, label, onClick, testId, children }: { side: 'left' | 'right'; label: string; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <IconButton
      onClick={onClick}
      aria-label={label}
      data-testid={testId}
      sx={{
        position: 'absolute',
        // Centred on the picture (the dots sit below it).
        top: 'calc(50% - 16px)',
        transform: 'translateY(-50%)',
        [side]: { xs: 4, md: 12 },
        color: '#fff',
        bgcolor: 'rgba(0,0,0,0.4)',
        '&:hover': { bgcolor: 'rgba(0,0,0,0.6)' },
        '&:focus-visible': { outline: '2px solid #fff' },
      }}
    >
      {children}
    </IconButton>
  );
}
