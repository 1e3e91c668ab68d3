// The door keeper's camera: opened on request with the back camera (facingMode environment), its
// frames drawn on a canvas a few times a second and read for a QR code (BarcodeDetector where the
// browser has it, else jsQR, fetched when the camera starts). Each text read goes to `onDecoded`;
// the scanning goes on (the caller decides what to do with a text it has just seen).
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQrDecoder, type QrDecoder } from '../hooks/qr-decoder';

/** Frames read per second at most (a phone's battery, a slow CPU). */
const SCAN_INTERVAL_MS = 200;
/** Frames are read at this width at most: enough for a ticket held up to the camera. */
const FRAME_MAX_WIDTH = 640;

type CameraState = 'off' | 'starting' | 'on' | 'unavailable' | 'denied';

/** Whether the page may use the camera at all (a Permissions-Policy may forbid it). */
function cameraAllowed(): boolean {
  const doc = document as Document & { permissionsPolicy?: { allowsFeature(f: string): boolean }; featurePolicy?: { allowsFeature(f: string): boolean } };
  const policy = doc.permissionsPolicy ?? doc.featurePolicy;
  try {
    return policy ? policy.allowsFeature('camera') : true;
  } catch {
    return true;
  }
}

export function CheckInScanner({ onDecoded, paused = false }: { onDecoded: (text: string) => void; paused?: boolean }) {
  const { t } = useTranslation('events');
  const [state, setState] = useState<CameraState>('off');
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const decoder = useRef<QrDecoder | null>(null);
  // The latest callback and pause, read by the running loop.
  const latest = useRef({ onDecoded, paused });
  latest.current = { onDecoded, paused };

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  };

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia || !cameraAllowed()) {
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      const [media, decode] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        decoder.current ? Promise.resolve(decoder.current) : createQrDecoder(),
      ]);
      decoder.current = decode;
      stream.current = media;
      setState('on');
    } catch (err) {
      stop();
      const name = (err as { name?: string } | null)?.name;
      setState(name === 'NotFoundError' || name === 'OverconstrainedError' ? 'unavailable' : 'denied');
    }
  };

  // Once the video element shows the stream: play it and read its frames until the camera stops.
  useEffect(() => {
    if (state !== 'on' || !video.current || !stream.current) return;
    const v = video.current;
    v.srcObject = stream.current;
    void v.play().catch(() => undefined);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const c = canvas.current;
      const decode = decoder.current;
      if (!stopped && c && decode && !latest.current.paused && v.readyState >= 2 && v.videoWidth) {
        const scale = Math.min(1, FRAME_MAX_WIDTH / v.videoWidth);
        c.width = Math.round(v.videoWidth * scale);
        c.height = Math.round(v.videoHeight * scale);
        c.getContext('2d', { willReadFrequently: true })?.drawImage(v, 0, 0, c.width, c.height);
        try {
          const text = await decode(c);
          if (text && !stopped) latest.current.onDecoded(text);
        } catch {
          /* an unreadable frame: the next one */
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [state]);

  // The camera goes off with the page.
  useEffect(() => stop, []);

  return (
    <Box data-testid="check-in-scanner" data-camera={state}>
      {state === 'on' || state === 'starting' ? (
        <Stack spacing={1.5}>
          <Box sx={{ position: 'relative', width: '100%', maxWidth: 480, aspectRatio: '4 / 3', bgcolor: 'grey.900', borderRadius: 2, overflow: 'hidden' }}>
            <Box
              component="video"
              ref={video}
              muted
              playsInline
              aria-label={t('checkin.video_label')}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            {/* The aim: a square the ticket's code is held in. */}
            <Box aria-hidden sx={{ position: 'absolute', inset: '15%', border: '3px solid', borderColor: 'common.white', borderRadius: 2, opacity: 0.8, pointerEvents: 'none' }} />
            {state === 'starting' && (
              <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                <CircularProgress color="inherit" sx={{ color: 'common.white' }} />
              </Box>
            )}
          </Box>
          <canvas ref={canvas} hidden />
          <Typography variant="body2" color="text.secondary">
            {t('checkin.camera_hint')}
          </Typography>
          <Box>
            <Button
              variant="outlined"
              startIcon={<StopCircleOutlinedIcon />}
              onClick={() => {
                stop();
                setState('off');
              }}
              data-testid="camera-stop"
            >
              {t('checkin.camera_stop')}
            </Button>
          </Box>
        </Stack>
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          {state === 'unavailable' && <Alert severity="info">{t('checkin.no_camera')}</Alert>}
          {state === 'denied' && <Alert severity="warning">{t('checkin.camera_denied')}</Alert>}
          <Button variant="contained" size="large" startIcon={<PhotoCameraOutlinedIcon />} onClick={() => void start()} data-testid="camera-start">
            {t('checkin.camera_start')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
