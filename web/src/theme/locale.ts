// The texts MUI components carry themselves (screen-reader labels of ratings, close buttons,
// pagination...) from our catalogues, with numbers in the interface's digits. MUI's own bnBD locale
// has Latin digits and misses some texts, so the theme takes these instead.
import type { Components, Theme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { formatNumber } from '../lib/lang';

type PageItem = 'page' | 'first' | 'last' | 'next' | 'previous' | 'start-ellipsis' | 'end-ellipsis';

export function localeComponents(t: TFunction, lang: string): Components<Omit<Theme, 'components'>> {
  const n = (v: number) => formatNumber(v, lang);
  const itemLabel = (type: PageItem | string, page: number | null, selected = false) => {
    if (type === 'page') return selected ? t('common:pager.page', { page: n(page ?? 0) }) : t('common:pager.go_to_page', { page: n(page ?? 0) });
    if (type === 'first') return t('common:pager.first');
    if (type === 'last') return t('common:pager.last');
    if (type === 'next') return t('common:pager.next');
    return t('common:pager.previous');
  };
  return {
    MuiRating: {
      defaultProps: {
        getLabelText: (value: number) => t('common:mui.stars', { count: value }),
        emptyLabelText: t('common:mui.no_rating'),
      },
    },
    MuiAlert: { defaultProps: { closeText: t('common:actions.close') } },
    MuiAutocomplete: {
      defaultProps: {
        clearText: t('common:mui.clear'),
        closeText: t('common:actions.close'),
        loadingText: t('common:app.loading'),
        noOptionsText: t('common:mui.no_options'),
        openText: t('common:mui.open'),
      },
    },
    MuiPagination: { defaultProps: { 'aria-label': t('common:pager.label'), getItemAriaLabel: itemLabel } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') => itemLabel(type, null),
        labelRowsPerPage: t('common:mui.rows_per_page'),
        labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
          count === -1 ? t('common:mui.rows_more', { from: n(from), to: n(to) }) : t('common:mui.rows_of', { from: n(from), to: n(to), count: n(count) }),
      },
    },
    MuiBreadcrumbs: { defaultProps: { expandText: t('common:mui.show_path') } },
  };
}
