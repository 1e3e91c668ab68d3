import { Box, Typography } from '@mui/material';
import SchoolIcon from '@mui/icons-material/School';
import { Link as RouterLink } from 'react-router';
import { useSiteTexts } from '../../lib/site-context';

/** Logo (or a mark) and institution name, linking to /. */
export function Brand({ compact }: { compact?: boolean }) {
  const { name, site } = useSiteTexts();
  return (
    <Box
      component={RouterLink}
      to="/"
      data-testid="brand"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'text.primary', textDecoration: 'none', minWidth: 0 }}
    >
      {site.logo ? (
        <Box component="img" src={site.logo} alt="" sx={{ height: 40, maxWidth: 120, objectFit: 'contain' }} />
      ) : (
        <Box
          sx={{
            width: 38,
            height: 38,
            borderRadius: 2.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            flexShrink: 0,
          }}
        >
          <SchoolIcon fontSize="small" />
        </Box>
      )}
      {!compact && (
        <Typography
          component="span"
          data-testid="institution-name"
          sx={{ fontWeight: 800, fontSize: { xs: 16, sm: 18 }, lineHeight: 1.2, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
        </Typography>
      )}
    </Box>
  );
}
