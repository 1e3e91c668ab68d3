import {
  Box,
  Button,
  Card,
  InputAdornment,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { institutionName, localName } from '../../../lib/course-text';
import type { Institution } from '../../../lib/types';
import { useInstitutions } from '../hooks/use-partners';
import { StateChip } from './state-chip';

export default function PartnerListPage() {
  const { t, i18n } = useTranslation(['partners', 'common']);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [text, setText] = useState(search);
  const [page, setPage] = usePageParam();
  const { data, isLoading, error, refetch } = useInstitutions(page, search);
  useClampPageParam(data?.last_page);

  // Debounced search: typing updates ?search= and goes back to page 1.
  useEffect(() => {
    if (text.trim() === search) return;
    const id = setTimeout(() => {
      const next = new URLSearchParams(params);
      if (text.trim()) next.set('search', text.trim());
      else next.delete('search');
      next.delete('page');
      setParams(next, { replace: true });
    }, 350);
    return () => clearTimeout(id);
  }, [text, search, params, setParams]);

  const items = data?.data ?? [];
  const nameOf = (i: Institution) => institutionName(i, i18n.language);
  const typeOf = (i: Institution) => localName(i.type, i18n.language) || '—';

  return (
    <Box data-testid="partner-list-page">
      <PageHeader
        title={t('partners:list.title')}
        subtitle={data ? t('partners:list.total', { count: data.total }) : t('partners:list.subtitle')}
      />
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('partners:list.search')}
        aria-label={t('partners:list.search')}
        sx={{ mb: 2, maxWidth: { md: 420 }, bgcolor: 'background.paper' }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
        data-testid="partner-search"
      />
      <Card>
        {isLoading ? (
          <Box sx={{ p: 2 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={52} />
            ))}
          </Box>
        ) : error ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={error} onRetry={() => refetch()} />
          </Box>
        ) : items.length === 0 ? (
          <EmptyState icon={<ApartmentOutlinedIcon />} message={t('partners:list.empty')} />
        ) : wide ? (
          <TableContainer>
            <Table>
              <TableHead>
                <TableRow>
                  <TableCell>{t('partners:list.name')}</TableCell>
                  <TableCell>{t('partners:list.subdomain')}</TableCell>
                  <TableCell>{t('partners:list.type')}</TableCell>
                  <TableCell>{t('partners:list.state')}</TableCell>
                  <TableCell align="right" />
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((i) => (
                  <TableRow key={i.id} hover data-testid="partner-row" data-slug={i.slug}>
                    <TableCell sx={{ fontWeight: 600 }}>{nameOf(i)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{i.slug}</TableCell>
                    <TableCell>{typeOf(i)}</TableCell>
                    <TableCell>
                      <StateChip state={i.state} />
                    </TableCell>
                    <TableCell align="right">
                      <Button component={RouterLink} to={`/partners/details/${i.id}`} endIcon={<ChevronRightIcon />}>
                        {t('partners:list.details')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <Box>
            {items.map((i) => (
              <Box
                key={i.id}
                component={RouterLink}
                to={`/partners/details/${i.id}`}
                data-testid="partner-row"
                data-slug={i.slug}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, color: 'inherit', textDecoration: 'none', borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
              >
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography noWrap sx={{ fontWeight: 600 }}>
                    {nameOf(i)}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                    <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }} noWrap>
                      {i.slug}
                    </Typography>
                    <StateChip state={i.state} />
                  </Stack>
                </Box>
                <ChevronRightIcon color="action" />
              </Box>
            ))}
          </Box>
        )}
      </Card>
      <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} />
    </Box>
  );
}
