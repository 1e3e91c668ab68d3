// The super admin's choice of partner posts for the main site (from /blogs/list and
// /tutorials/list on the main site): every partner's published blogs and tutorials, searched by
// title or partner, a page at a time, each with a link to its page on the partner's site and a
// switch that shows it on the main site's lists or takes it off. Full-screen on phones.
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchIcon from '@mui/icons-material/Search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDay, institutionName, localTitle } from '../../../lib/course-text';
import { useErrorText } from '../../../lib/use-error-text';
import type { ShowcasePost } from '../api/showcase-api';
import { selectShowcaseMutation, useShowcasePosts } from '../hooks/use-showcase';

const TITLE_ID = 'showcase-title';
const SEARCH_DELAY_MS = 350;

export function ShowcaseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['publishing', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The page belongs to its search: another search starts on page 1.
  const [paged, setPaged] = useState({ search: '', page: 1 });
  const page = paged.search === search ? paged.page : 1;
  const list = useShowcasePosts(page, search, open);
  const select = useMutation(selectShowcaseMutation(qc));

  useEffect(() => {
    const id = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [typed]);

  const onSelect = (post: ShowcasePost, selected: boolean) =>
    select.mutate({ post, selected }, { onError: (err) => toast.show(errorText(err), { severity: 'error' }) });
  const busy = select.isPending ? (select.variables?.post.id ?? null) : null;
  const posts = list.data?.data ?? [];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="showcase-dialog">
      <DialogTitle id={TITLE_ID}>{t('publishing:showcase.title')}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('publishing:showcase.hint')}
        </Typography>
        <TextField
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('publishing:showcase.search')}
          size="small"
          fullWidth
          autoFocus
          sx={{ mb: 1 }}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
            htmlInput: { 'aria-label': t('publishing:showcase.search'), type: 'search', 'data-testid': 'showcase-search' },
          }}
        />
        {list.isLoading ? (
          <Stack spacing={1} sx={{ mt: 1 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Stack>
        ) : list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : posts.length === 0 ? (
          <EmptyState message={search ? t('publishing:empty_filtered') : t('publishing:showcase.empty')} />
        ) : (
          <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="showcase-list">
              {posts.map((post) => (
                <ShowcaseRow key={post.id} post={post} busy={busy === post.id} onSelect={onSelect} />
              ))}
            </Box>
            <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={(p) => setPaged({ search, page: p })} size="small" />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Title, kind, partner and date; the switch and the link to the post's page on the partner's site. */
function ShowcaseRow({ post, busy, onSelect }: { post: ShowcasePost; busy: boolean; onSelect: (post: ShowcasePost, selected: boolean) => void }) {
  const { t, i18n } = useTranslation('publishing');
  const lang = i18n.language;
  const title = localTitle(post, lang);
  return (
    <Box
      component="li"
      data-testid="showcase-row"
      data-showcase-id={post.id}
      data-selected={post.selected ? 'true' : 'false'}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="showcase-title" data-user-content>
            {title}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary' }}>
            <Chip size="small" variant="outlined" label={t(`showcase.kinds.${post.kind}`)} data-testid="showcase-kind" />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="showcase-partner" data-user-content>
              {institutionName(post, lang)}
            </Typography>
            <Typography variant="body2" component="time" dateTime={post.published_at}>
              {formatDay(post.published_at, lang)}
            </Typography>
          </Stack>
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'space-between', flexShrink: 0 }}>
          <FormControlLabel
            control={
              <Switch
                checked={post.selected}
                disabled={busy}
                onChange={(e) => onSelect(post, e.target.checked)}
                slotProps={{ input: { 'aria-label': `${t('showcase.show')}: ${title}` } }}
                data-testid="showcase-select"
              />
            }
            label={t('showcase.show')}
          />
          <Tooltip title={t('showcase.open')}>
            <IconButton component="a" href={post.url} target="_blank" rel="noopener noreferrer" aria-label={`${t('showcase.open')}: ${title}`} data-testid="showcase-open">
              <OpenInNewIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
    </Box>
  );
}
