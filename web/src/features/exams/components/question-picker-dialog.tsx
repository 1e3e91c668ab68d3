// Picks questions of the bank for the paper: my own or those colleagues shared with me (tabs),
// search, type filter, a page of questions with checkboxes (those already on the paper ticked and
// locked), and the ticked ones added at once. Ticks are kept across tabs, pages and searches until
// the dialog closes.
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { formatNumber } from '../../../lib/lang';
import { QUESTION_TYPES, type BankQuestion, type QuestionType } from '../api/exams-api';
import { formatMarks, localText } from '../hooks/exam-format';
import { useBankQuestions, type BankSource } from '../hooks/use-exams';
import { TypeChip } from './exam-parts';

const SEARCH_DELAY_MS = 350;

export interface QuestionPickerDialogProps {
  open: boolean;
  existing: ReadonlySet<number>;
  onClose: () => void;
  onAdd: (questions: BankQuestion[]) => void;
  /** The tab it opens on (my questions unless said). */
  initialSource?: BankSource;
}

export function QuestionPickerDialog({ open, existing, onClose, onAdd, initialSource = 'mine' }: QuestionPickerDialogProps) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<QuestionType | ''>('');
  const [page, setPage] = useState(1);
  const [source, setSource] = useState<BankSource>(initialSource);
  const [picked, setPicked] = useState<Map<number, BankQuestion>>(new Map());
  const query = useBankQuestions(source, { page, search: search || undefined, type: type || undefined }, open);

  useEffect(() => {
    if (text.trim() === search) return;
    const id = window.setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [text, search]);

  // A fresh start each time the dialog opens.
  useEffect(() => {
    if (!open) return;
    setPicked(new Map());
    setText('');
    setSearch('');
    setType('');
    setPage(1);
    setSource(initialSource);
  }, [open, initialSource]);

  const toggle = (q: BankQuestion) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (next.has(q.id)) next.delete(q.id);
      else next.set(q.id, q);
      return next;
    });

  const questions = query.data?.data ?? [];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="picker-title" data-testid="question-picker">
      <DialogTitle id="picker-title">{t('exams:picker.title')}</DialogTitle>
      <Tabs
        value={source}
        onChange={(_, v: BankSource) => {
          setSource(v);
          setPage(1);
        }}
        variant="fullWidth"
        aria-label={t('exams:picker.sources')}
        data-testid="picker-sources"
      >
        <Tab value="mine" label={t('exams:picker.mine')} data-testid="picker-tab-mine" />
        <Tab value="shared" label={t('exams:picker.shared')} data-testid="picker-tab-shared" />
      </Tabs>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }} data-source={source}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} role="search">
          <TextField
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                setSearch(text.trim());
                setPage(1);
              }
            }}
            placeholder={t('exams:picker.search_placeholder')}
            size="small"
            autoFocus
            slotProps={{
              htmlInput: { 'aria-label': t('exams:picker.search_label'), type: 'search', 'data-testid': 'picker-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ flex: 2 }}
          />
          <TextField
            select
            size="small"
            id="picker-type"
            label={t('exams:picker.type')}
            value={type}
            onChange={(e) => {
              setType(e.target.value as QuestionType | '');
              setPage(1);
            }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ flex: 1, minWidth: 160 }}
          >
            <MenuItem value="">
              <em>{t('exams:picker.all_types')}</em>
            </MenuItem>
            {QUESTION_TYPES.map((qt) => (
              <MenuItem key={qt} value={qt}>
                {t(`exams:types.${qt}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {query.isLoading ? (
          <Stack spacing={1}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={56} />
            ))}
          </Stack>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : questions.length === 0 ? (
          <EmptyState message={search || type ? t('exams:picker.no_match') : source === 'shared' ? t('exams:picker.empty_shared') : t('exams:picker.empty')} />
        ) : (
          <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
            <List dense disablePadding>
              {questions.map((q) => {
                const already = existing.has(q.id);
                const checked = already || picked.has(q.id);
                const labelId = `picker-q-${q.id}`;
                return (
                  <ListItem key={q.id} disablePadding data-testid="picker-question" data-question-id={q.id}>
                    <ListItemButton onClick={() => !already && toggle(q)} disabled={already} sx={{ alignItems: 'flex-start', px: 1 }}>
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-labelledby': labelId } }} />
                      </ListItemIcon>
                      <ListItemText
                        id={labelId}
                        primary={localText(q, lang) || t('exams:picker.untitled')}
                        secondary={
                          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                            <TypeChip type={q.question_type} />
                            <span>{t('exams:paper.marks', { n: formatMarks(q.marks, lang) })}</span>
                            {q.owner_name && (
                              <span data-testid="picker-owner" data-user-content>
                                {t('exams:picker.by', { name: q.owner_name })}
                              </span>
                            )}
                            {already && <span>{t('exams:picker.already')}</span>}
                          </Box>
                        }
                        slotProps={{ primary: { sx: { wordBreak: 'break-word' }, 'data-user-content': true } as object, secondary: { component: 'span' } as object }}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
            <Pager page={page} lastPage={query.data?.last_page ?? 1} onChange={setPage} size="small" />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} role="status" aria-live="polite">
          {t('exams:picker.picked', { count: picked.size })}
        </Typography>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" disabled={picked.size === 0} onClick={() => onAdd([...picked.values()])} data-testid="picker-add">
          {t('exams:picker.add', { count: picked.size, n: formatNumber(picked.size, lang) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
