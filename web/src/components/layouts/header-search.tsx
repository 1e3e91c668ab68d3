// Header course search (SPEC 2): Enter submits to /search/lists?search=...; every other key but Tab
// fetches suggestions (debounced, 1+ characters); suggestions clear on route change and outside click.
import { Box, ClickAwayListener, IconButton, InputBase, List, Paper, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { fetchSuggestions, type Suggestion } from '../../lib/catalogue';
import { canSuggest, courseLink, searchKeyAction, searchListUrl } from '../../lib/search-query';
import { Dialog, LinearProgress, ListItemButton, ListItemIcon, ListItemText, Popper, Tooltip } from '../ui/deferred-mui';

export const SUGGEST_DEBOUNCE_MS = 200;

function suggestionTarget(s: Suggestion) {
  return courseLink(s.url, `/course/details/${encodeURIComponent(s.payload)}`, window.location.origin);
}

/**
 * The search field. `inline` (the mobile popup) shows the suggestions under the field instead of
 * in a floating list; `onDone` runs after a search, a chosen suggestion or a route change.
 */
export function HeaderSearch({ inline, autoFocus, onDone }: { inline?: boolean; autoFocus?: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [text, setText] = useState(() => (location.pathname === '/search/lists' ? new URLSearchParams(location.search).get('search') ?? '' : ''));
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const { data, isFetching } = useQuery({
    queryKey: ['search-suggest', term],
    queryFn: ({ signal }) => fetchSuggestions(term, signal),
    enabled: canSuggest(term),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const items = canSuggest(term) ? (data ?? []).slice(0, 8) : [];
  const showList = open && canSuggest(term);

  const clear = () => {
    clearTimeout(timer.current);
    setOpen(false);
    setTerm('');
    setActive(-1);
  };

  // Route change: suggestions go away; on the search page the field shows its search.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key === firstKey.current) return;
    clearTimeout(timer.current);
    setOpen(false);
    setTerm('');
    setActive(-1);
    if (location.pathname === '/search/lists') setText(new URLSearchParams(location.search).get('search') ?? '');
    onDone?.();
    // Only the route matters here (onDone is the parent's callback).
  }, [location.key]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const suggest = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const v = value.trim();
      setTerm(v);
      setActive(-1);
      setOpen(canSuggest(v));
    }, SUGGEST_DEBOUNCE_MS);
  };

  const submit = () => {
    const search = text.trim();
    clear();
    navigate(searchListUrl({ search }));
  };

  const choose = (s: Suggestion) => {
    const target = suggestionTarget(s);
    clear();
    if (target.external) window.location.assign(target.href);
    else navigate(target.href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const action = searchKeyAction(e.key, showList && items.length > 0);
    if (action === 'submit') {
      e.preventDefault();
      if (showList && active >= 0 && active < items.length) choose(items[active]);
      else submit();
    } else if (action === 'move') {
      e.preventDefault();
      // Options are the suggestions plus "search for ...": -1 (the field) .. items.length.
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => {
        const next = a + step;
        if (next > items.length) return -1;
        if (next < -1) return items.length;
        return next;
      });
    } else if (action === 'close' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const onKeyUp = (e: KeyboardEvent<HTMLInputElement>) => {
    // Every key but Enter, Tab and Escape (and the arrows inside an open list) asks for suggestions.
    if (searchKeyAction(e.key, showList && items.length > 0) === 'suggest') suggest(e.currentTarget.value);
  };

  const list = (
    <Paper
      elevation={inline ? 0 : 8}
      sx={{ mt: inline ? 1 : 0.75, overflow: 'hidden', borderRadius: 2, border: inline ? 0 : 1, borderColor: 'divider' }}
      data-testid="search-suggestions"
    >
      <Box sx={{ height: 3 }}>{isFetching && <LinearProgress sx={{ height: 3 }} />}</Box>
      <List id={listId} role="listbox" dense disablePadding aria-label={t('common:search.suggestions')}>
        {items.map((s, i) => {
          const target = suggestionTarget(s);
          return (
            <ListItemButton
              key={`${s.payload}-${i}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              selected={i === active}
              component="a"
              href={target.href}
              onClick={(e) => {
                // In-app links go through the router; other origins load normally.
                if (!target.external && !e.metaKey && !e.ctrlKey && !e.shiftKey && e.button === 0) {
                  e.preventDefault();
                  choose(s);
                } else clear();
              }}
              data-testid="search-suggestion"
              data-external={target.external ? 'true' : 'false'}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <MenuBookOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={s.term} slotProps={{ primary: { noWrap: true } }} />
              {target.external && <OpenInNewIcon sx={{ fontSize: 16, color: 'text.secondary', ml: 1 }} aria-label={t('common:search.other_site')} />}
            </ListItemButton>
          );
        })}
        {items.length === 0 && !isFetching && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.25 }}>
            {t('common:search.no_suggestions')}
          </Typography>
        )}
        <ListItemButton
          id={`${listId}-${items.length}`}
          role="option"
          aria-selected={active === items.length}
          selected={active === items.length}
          onClick={submit}
          sx={{ borderTop: 1, borderColor: 'divider' }}
          data-testid="search-all"
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <SearchIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common:search.search_for', { text: text.trim() })} slotProps={{ primary: { noWrap: true } }} />
        </ListItemButton>
      </List>
    </Paper>
  );

  return (
    <ClickAwayListener onClickAway={() => open && clear()}>
      <Box sx={{ position: 'relative', width: '100%' }}>
        <Box
          component="form"
          role="search"
          ref={anchorRef}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={(th) => ({
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1.5,
            height: 42,
            borderRadius: 2.5,
            border: 1,
            borderColor: 'divider',
            bgcolor: alpha(th.palette.text.primary, 0.03),
            '&:focus-within': { borderColor: 'primary.main', bgcolor: 'background.paper' },
          })}
        >
          <SearchIcon sx={{ color: 'text.secondary' }} />
          <InputBase
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              // Typing is covered by key up; this also catches paste, drop and voice input.
              if (canSuggest(e.target.value)) suggest(e.target.value);
              else clear();
            }}
            onKeyDown={onKeyDown}
            onKeyUp={onKeyUp}
            placeholder={t('common:search.placeholder')}
            autoFocus={autoFocus}
            fullWidth
            autoComplete="off"
            inputProps={{
              role: 'combobox',
              'aria-label': t('common:search.label'),
              'aria-expanded': showList,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': showList && active >= 0 ? `${listId}-${active}` : undefined,
              enterKeyHint: 'search',
              'data-testid': 'header-search-input',
            }}
            sx={{ fontSize: 15 }}
          />
        </Box>
        {inline ? (
          showList && list
        ) : (
          <Popper
            open={showList}
            anchorEl={anchorRef.current}
            placement="bottom-start"
            sx={{ zIndex: (th) => th.zIndex.appBar + 1, width: anchorRef.current?.offsetWidth ?? 320, minWidth: 280 }}
          >
            {list}
          </Popper>
        )}
      </Box>
    </ClickAwayListener>
  );
}

/** Small and medium screens: a search icon opening the search field in a popup. */
export function MobileSearchButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('common:search.open')}>
        <IconButton onClick={() => setOpen(true)} aria-label={t('common:search.open')} sx={{ display: { lg: 'none' } }} data-testid="mobile-search-button">
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-label={t('common:search.label')}
        sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
        slotProps={{ paper: { sx: { m: 1.5, mt: 2, width: 'calc(100% - 24px)', p: 1.5 } } }}
        data-testid="mobile-search-dialog"
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <HeaderSearch inline autoFocus onDone={() => setOpen(false)} />
          </Box>
          <IconButton onClick={() => setOpen(false)} aria-label={t('common:actions.close')} sx={{ mt: 0.25 }}>
            <CloseIcon />
          </IconButton>
        </Box>
      </Dialog>
    </>
  );
}
