// A certificate drawn on an A4 landscape box: background, logo, the holder's name, the course
// and the date where the placement puts them, and up to three signatures along the bottom.
// Font sizes scale with the box (container query units), so a small card shows the same layout.
// With onMove, the three texts can be dragged to a new place with a pointer.
import { Box, Typography } from '@mui/material';
import { useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Placement, Signature } from '../api/courses-api';
import { A4_RATIO, PLACEMENT_KEYS, previewFontSize, type PlacementKey } from '../hooks/certificate-template';

export interface PreviewTexts {
  heading: string;
  name: string;
  course: string;
  date: string;
}

export function CertificatePreview(props: {
  background: string | null;
  logo: string | null;
  signatures: Signature[];
  placement: Placement;
  texts: PreviewTexts;
  language: string;
  /** Drag a text to (x, y) in percent of the page. */
  onMove?: (key: PlacementKey, x: number, y: number) => void;
  label?: string;
}) {
  const { t } = useTranslation('courses');
  const boxRef = useRef<HTMLDivElement>(null);
  const dragging = useRef<PlacementKey | null>(null);
  const { placement, texts, signatures } = props;

  const toPercent = (e: PointerEvent) => {
    const r = boxRef.current?.getBoundingClientRect();
    if (!r || !r.width || !r.height) return null;
    const pct = (v: number) => Math.round(Math.min(100, Math.max(0, v)) * 10) / 10;
    return { x: pct(((e.clientX - r.left) / r.width) * 100), y: pct(((e.clientY - r.top) / r.height) * 100) };
  };

  const signed = signatures.filter((s) => s.name.trim() || s.title.trim());
  return (
    <Box
      ref={boxRef}
      role="img"
      aria-label={props.label ?? t('templates.preview_label')}
      lang={props.language}
      data-testid="certificate-preview"
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: String(A4_RATIO),
        containerType: 'inline-size',
        overflow: 'hidden',
        borderRadius: 1,
        boxShadow: 2,
        bgcolor: '#fffdf7',
        color: '#1f2937',
        backgroundImage: props.background ? `url("${props.background}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        userSelect: 'none',
        touchAction: props.onMove ? 'none' : undefined,
      }}
    >
      {!props.background && (
        <>
          <Box sx={{ position: 'absolute', inset: '3cqw', border: '0.5cqw double', borderColor: 'primary.main', borderRadius: '0.5cqw', pointerEvents: 'none' }} />
          <Typography
            component="div"
            sx={{ position: 'absolute', left: '50%', top: '24%', transform: 'translate(-50%, -50%)', fontSize: previewFontSize(28), fontWeight: 700, letterSpacing: '0.05em', color: 'primary.main', whiteSpace: 'nowrap' }}
          >
            {texts.heading}
          </Typography>
        </>
      )}
      {props.logo && (
        <Box component="img" src={props.logo} alt="" sx={{ position: 'absolute', left: '50%', top: '6%', transform: 'translateX(-50%)', height: '11%', maxWidth: '30%', objectFit: 'contain' }} />
      )}
      {PLACEMENT_KEYS.map((k) => (
        <Box
          key={k}
          data-testid={`preview-${k}`}
          onPointerDown={
            props.onMove
              ? (e) => {
                  dragging.current = k;
                  (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
                }
              : undefined
          }
          onPointerMove={
            props.onMove
              ? (e) => {
                  if (dragging.current !== k) return;
                  const p = toPercent(e);
                  if (p) props.onMove!(k, p.x, p.y);
                }
              : undefined
          }
          onPointerUp={() => (dragging.current = null)}
          onPointerCancel={() => (dragging.current = null)}
          sx={{
            position: 'absolute',
            left: `${placement[k].x}%`,
            top: `${placement[k].y}%`,
            transform: 'translate(-50%, -50%)',
            fontSize: previewFontSize(placement[k].size),
            fontWeight: k === 'name' ? 700 : 500,
            lineHeight: 1.2,
            whiteSpace: 'nowrap',
            cursor: props.onMove ? 'move' : undefined,
            outline: props.onMove ? '1px dashed transparent' : undefined,
            '&:hover': props.onMove ? { outlineColor: 'rgba(0,0,0,0.3)' } : undefined,
          }}
        >
          {texts[k]}
        </Box>
      ))}
      {signed.map((s, i) => (
        <Box
          key={i}
          sx={{
            position: 'absolute',
            left: `${((i + 1) / (signed.length + 1)) * 100}%`,
            top: '86%',
            transform: 'translate(-50%, -50%)',
            textAlign: 'center',
            width: '24%',
          }}
        >
          <Box sx={{ borderTop: '0.15cqw solid currentColor', mb: '0.4cqw' }} />
          <Box sx={{ fontSize: previewFontSize(11), fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{s.name}</Box>
          <Box sx={{ fontSize: previewFontSize(9), whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', opacity: 0.8 }}>{s.title}</Box>
        </Box>
      ))}
    </Box>
  );
}
