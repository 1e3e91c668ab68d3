import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeComponents } from '../theme/locale';

/** The tenant theme with MUI's built-in labels in the interface language (theme/locale.ts). */
export function LocaleTheme({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const theme = useCallback((outer: Theme) => createTheme(outer, { components: localeComponents(t, lang) }), [t, lang]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
