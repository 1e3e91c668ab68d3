import { CacheProvider } from '@emotion/react';
import { CssBaseline, GlobalStyles } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastProvider } from '../components/ui/toast-provider';
import { TopLoadingBar } from '../components/ui/top-loading-bar';
import { PrefsProvider, usePrefs } from '../lib/prefs-context';
import { SiteProvider, useSiteTexts } from '../lib/site-context';
import type { SiteInfo } from '../lib/types';
import { createAppTheme } from '../theme/create-app-theme';
import { appQueryClient, createStyleCache } from './bootstrap';

function ThemedApp({ children }: { children: ReactNode }) {
  const { site, name } = useSiteTexts();
  const { highContrast } = usePrefs();
  const theme = useMemo(() => createAppTheme(site, { highContrast }), [site, highContrast]);
  const { i18n } = useTranslation();
  useEffect(() => {
    document.title = name;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.primary.main);
  }, [name, theme, i18n.language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={{ 'html, body': { overflowX: 'hidden' }, body: { WebkitTapHighlightColor: 'transparent' } }} />
      <TopLoadingBar />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}

export function Providers({ site, children }: { site: SiteInfo; children: ReactNode }) {
  const [queryClient] = useState(appQueryClient);
  const [styleCache] = useState(createStyleCache);
  return (
    <CacheProvider value={styleCache}>
      <QueryClientProvider client={queryClient}>
        <SiteProvider initial={site}>
          <PrefsProvider>
            <ThemedApp>{children}</ThemedApp>
          </PrefsProvider>
        </SiteProvider>
      </QueryClientProvider>
    </CacheProvider>
  );
}
