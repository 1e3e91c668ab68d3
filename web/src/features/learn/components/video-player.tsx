import { Box, Button, Link, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import VideocamOffOutlinedIcon from '@mui/icons-material/VideocamOffOutlined';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { videoEmbed, type VideoEmbed } from '../hooks/media-embed';
import { useEmbedStatus } from '../hooks/use-embed-status';

const frameSx = { position: 'relative', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black', borderRadius: 2, overflow: 'hidden' } as const;

/**
 * A video lesson: the YouTube or Vimeo player, or the file in <video>. When it cannot play, a
 * message and a link to the video take the frame's place; the link also stays under the player.
 */
export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const embed = useMemo(() => videoEmbed(url, typeof window === 'undefined' ? undefined : window.location.origin), [url]);
  const { t } = useTranslation('learn');
  const [fileFailed, setFileFailed] = useState(false);
  const linkText = embed?.host === 'youtube' ? t('video.open_youtube') : embed?.host === 'vimeo' ? t('video.open_vimeo') : t('video.open_video');
  const href = embed?.watchUrl ?? url;
  return (
    <Box data-testid="lesson-video-player">
      {embed ? (
        <EmbeddedVideo embed={embed} title={title} linkText={linkText} />
      ) : fileFailed ? (
        <Unavailable href={href} linkText={linkText} />
      ) : (
        <Box sx={frameSx}>
          <Box
            component="video"
            controls
            preload="metadata"
            src={url}
            onError={() => setFileFailed(true)}
            data-testid="lesson-video"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
          >
            {t('journey.no_player')}
          </Box>
        </Box>
      )}
      <Link href={href} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1, fontWeight: 600 }} data-testid="lesson-video-link">
        {linkText}
        <OpenInNewIcon sx={{ fontSize: 16 }} />
      </Link>
    </Box>
  );
}

function EmbeddedVideo({ embed, title, linkText }: { embed: VideoEmbed; title: string; linkText: string }) {
  const { frame, status, onLoad, onError } = useEmbedStatus(embed);
  if (status === 'failed') return <Unavailable href={embed.watchUrl} linkText={linkText} />;
  return (
    <Box sx={frameSx} data-status={status}>
      <Box
        component="iframe"
        ref={frame}
        src={embed.src}
        title={title}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={onLoad}
        onError={onError}
        data-testid="lesson-video-embed"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}

function Unavailable({ href, linkText }: { href: string; linkText: string }) {
  const { t } = useTranslation('learn');
  return (
    <Stack
      role="status"
      spacing={1.5}
      sx={{ ...frameSx, bgcolor: 'action.hover', color: 'text.primary', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 2 }}
      data-testid="video-unavailable"
    >
      <VideocamOffOutlinedIcon sx={{ fontSize: 44, color: 'text.secondary' }} />
      <Typography sx={{ fontWeight: 700 }}>{t('video.unavailable_title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420, display: { xs: 'none', sm: 'block' } }}>
        {t('video.unavailable_body')}
      </Typography>
      <Button variant="contained" href={href} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />} data-testid="video-unavailable-link">
        {linkText}
      </Button>
    </Stack>
  );
}
