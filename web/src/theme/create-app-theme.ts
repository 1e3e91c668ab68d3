import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { SiteInfo } from '../lib/types';
import { FONT_STACK, RADIUS, safeColour } from './primitives';

export interface ThemeOptions {
  highContrast?: boolean;
}

/** The MUI theme of a tenant, from its site_config.theme colours. */
export function createAppTheme(site: SiteInfo, opts: ThemeOptions = {}): Theme {
  const primary = safeColour(site.site_config?.theme?.primary, '#0f766e');
  const secondary = safeColour(site.site_config?.theme?.secondary, '#f59e0b');
  const hc = !!opts.highContrast;

  const theme = createTheme({
    palette: hc
      ? {
          mode: 'dark',
          primary: { main: '#ffff00', contrastText: '#000000' },
          secondary: { main: '#00ffff', contrastText: '#000000' },
          background: { default: '#000000', paper: '#000000' },
          text: { primary: '#ffffff', secondary: '#ffffff' },
          divider: '#ffffff',
        }
      : {
          mode: 'light',
          primary: { main: primary },
          secondary: { main: secondary },
          background: { default: '#f6f7f9', paper: '#ffffff' },
        },
    shape: { borderRadius: RADIUS },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.01em' },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  });

  return createTheme(theme, {
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10, paddingInline: 18 } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            border: `1px solid ${hc ? '#ffffff' : theme.palette.divider}`,
            borderRadius: RADIUS + 4,
          },
        },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: RADIUS + 4 } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 10,
            '&.Mui-selected': {
              backgroundColor: alpha(theme.palette.primary.main, hc ? 0.4 : 0.12),
              color: hc ? '#ffffff' : theme.palette.primary.dark,
              '& .MuiListItemIcon-root': { color: hc ? '#ffffff' : theme.palette.primary.main },
            },
          },
        },
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiCssBaseline: {
        styleOverrides: {
          'a:focus-visible, button:focus-visible': {
            outline: `3px solid ${alpha(theme.palette.primary.main, 0.6)}`,
            outlineOffset: 2,
          },
        },
      },
    },
  });
}
