import { Avatar, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import SchoolIcon from '@mui/icons-material/School';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';
import { safeColour } from '../../../theme/primitives';

/** Header, hero and a course card drawn in the chosen colours and logo. */
export function SitePreview(props: { name: string; slogan: string; logo: string | null; primary: string; secondary: string }) {
  const { t, i18n } = useTranslation('settings');
  const primary = safeColour(props.primary, '#0f766e');
  const secondary = safeColour(props.secondary, '#f59e0b');
  return (
    <Card data-testid="site-preview" sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        {props.logo ? (
          <Box component="img" src={props.logo} alt="" sx={{ height: 32, maxWidth: 100, objectFit: 'contain' }} data-testid="preview-logo" />
        ) : (
          <Box sx={{ width: 30, height: 30, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: primary, color: '#fff' }}>
            <SchoolIcon sx={{ fontSize: 18 }} />
          </Box>
        )}
        <Typography noWrap sx={{ fontWeight: 800, flexGrow: 1, fontSize: 15 }}>
          {props.name}
        </Typography>
        <Box sx={{ width: 44, height: 22, borderRadius: 1.5, bgcolor: primary }} data-testid="preview-header-button" />
      </Box>
      <Box sx={{ p: 2.5, color: '#fff', background: `linear-gradient(135deg, ${primary}, ${alpha(secondary, 0.9)} 160%)` }} data-testid="preview-hero">
        <Typography sx={{ fontWeight: 800, fontSize: 20 }}>
          {props.name}
        </Typography>
        <Typography sx={{ opacity: 0.9, fontSize: 14, mt: 0.5 }}>{props.slogan}</Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button size="small" variant="contained" sx={{ bgcolor: secondary, color: '#111', '&:hover': { bgcolor: secondary } }}>
            {t('profile.preview_button')}
          </Button>
          <Button size="small" variant="outlined" sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)' }}>
            {t('profile.preview_secondary')}
          </Button>
        </Stack>
      </Box>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar variant="rounded" sx={{ bgcolor: alpha(primary, 0.12), color: primary }}>
            <PlayCircleOutlineIcon />
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 600 }}>
              {t('profile.preview_card')}
            </Typography>
            <Box sx={{ mt: 1, height: 6, borderRadius: 3, bgcolor: alpha(primary, 0.15) }}>
              <Box sx={{ width: '60%', height: '100%', borderRadius: 3, bgcolor: primary }} />
            </Box>
          </Box>
          <Chip size="small" label={`${formatNumber(60, i18n.language)}%`} sx={{ bgcolor: alpha(secondary, 0.2), color: 'text.primary' }} />
        </Stack>
      </CardContent>
    </Card>
  );
}
