import { Box, IconButton, Button } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../lib/lang';
import { clampPage, pageWindow, parsePage, withPage } from '../../lib/pager';
import { Tooltip } from './deferred-mui';

interface PagerProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  size?: 'small' | 'medium';
}

/** Previous, 3 page numbers around the current one, next. Hidden when there is one page. */
export function Pager({ page, lastPage, onChange, size = 'medium' }: PagerProps) {
  const { t, i18n } = useTranslation();
  if (lastPage <= 1) return null;
  const current = clampPage(page, lastPage);
  const pages = pageWindow(current, lastPage);
  const dim = size === 'small' ? 32 : 40;
  return (
    <Box
      component="nav"
      aria-label={t('common:pager.label')}
      data-testid="pager"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5, py: 2 }}
    >
      <Tooltip title={t('common:pager.previous')}>
        <span>
          <IconButton
            size={size}
            aria-label={t('common:pager.previous')}
            disabled={current <= 1}
            onClick={() => onChange(current - 1)}
          >
            <ChevronLeftIcon />
          </IconButton>
        </span>
      </Tooltip>
      {pages.map((p) => (
        <Button
          key={p}
          size={size}
          variant={p === current ? 'contained' : 'text'}
          aria-current={p === current ? 'page' : undefined}
          aria-label={t('common:pager.page', { page: formatNumber(p, i18n.language) })}
          onClick={() => p !== current && onChange(p)}
          sx={{ minWidth: dim, height: dim, px: 1, borderRadius: 2 }}
        >
          {formatNumber(p, i18n.language)}
        </Button>
      ))}
      <Tooltip title={t('common:pager.next')}>
        <span>
          <IconButton
            size={size}
            aria-label={t('common:pager.next')}
            disabled={current >= lastPage}
            onClick={() => onChange(current + 1)}
          >
            <ChevronRightIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

/** The `page` query parameter; page 1 removes it. */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const setPage = (p: number) => {
    setParams(withPage(params, p));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return [page, setPage] as const;
}

/** A page beyond the last is replaced by the last (once the list says how many pages there are). */
export function useClampPageParam(lastPage: number | undefined) {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  useEffect(() => {
    if (lastPage && lastPage >= 1 && page > lastPage) {
      setParams(withPage(params, lastPage), { replace: true });
    }
  }, [lastPage, page, params, setParams]);
}
