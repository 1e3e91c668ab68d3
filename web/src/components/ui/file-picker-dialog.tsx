// Choose a file from the file manager: the person's own files or those shared with them, of one
// type when asked, searched by title, a page at a time. Clicking a row (or Enter / Space on it)
// picks that file. Links (a YouTube video kept as a file) are offered only to callers that take
// them, who may also add one there (SPEC 2 "File manager popup": add URL). Load it lazily
// (React.lazy): it is only needed once someone opens it.
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import AudioFileOutlinedIcon from '@mui/icons-material/AudioFileOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import LinkIcon from '@mui/icons-material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchIcon from '@mui/icons-material/Search';
import VideoFileOutlinedIcon from '@mui/icons-material/VideoFileOutlined';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createPickerUrl,
  fetchPickerFiles,
  filePickerKeys,
  offeredFiles,
  type PickerFile,
  type PickerFileType,
  type PickerSource,
} from '../../lib/file-picker-api';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LinkUrlField } from './link-url-field';
import { Pager } from './pager';
import { filePreview, sizeParts } from '../../lib/stored-file';
import { urlProblem, urlServerProblem, type UrlProblem } from '../../lib/link-url';
import { fieldErrorsOf, useErrorText } from '../../lib/use-error-text';

export interface FilePickerDialogProps {
  open: boolean;
  onClose: () => void;
  onPick: (file: PickerFile) => void;
  /** Only files of this type; absent: every type. */
  type?: PickerFileType;
  /** Whether links (is_url) are offered too. */
  allowLinks: boolean;
  /** The dialog's title (its accessible name). */
  title: string;
}

/** How long typing must pause before the search is sent. */
export const SEARCH_DELAY_MS = 300;

/** Where files are added (opened in a new tab, so the form behind the picker is kept). */
export const FILE_MANAGER_PATH = '/filemanager/my';

export function FilePickerDialog({ open, onClose, onPick, type, allowLinks, title }: FilePickerDialogProps) {
  const { t } = useTranslation(['files', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [source, setSource] = useState<PickerSource>('my');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const query = { source, type: type ?? null, search, page };
  const list = useQuery({
    queryKey: filePickerKeys.list(query),
    queryFn: ({ signal }) => fetchPickerFiles(query, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const files = list.data ? offeredFiles(list.data.data, allowLinks) : [];
  const [addingUrl, setAddingUrl] = useState(false);
  // A link just added is the newest of My files: shown at the top of the unfiltered list.
  const showAdded = () => {
    setSource('my');
    setTyped('');
    setSearch('');
    setPage(1);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId} data-testid="file-picker">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Tabs
        value={source}
        onChange={(_, v: PickerSource) => {
          setSource(v);
          setPage(1);
        }}
        variant="fullWidth"
        aria-label={t('files:picker.sources')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="my" label={t('files:picker.my')} data-testid="file-picker-tab-my" />
        <Tab value="shared" label={t('files:picker.shared')} data-testid="file-picker-tab-shared" />
      </Tabs>
      <DialogContent sx={{ pt: 2, px: { xs: 2, sm: 3 } }}>
        <TextField
          id="file-picker-search"
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          label={t('files:picker.search')}
          fullWidth
          size="small"
          autoFocus
          sx={{ mt: 1, mb: 1.5 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
        {list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <PickerSkeleton />
        ) : files.length === 0 ? (
          <EmptyState
            message={search ? t('files:picker.no_match') : t('files:picker.empty')}
            action={
              !search && (
                <Button component="a" href={FILE_MANAGER_PATH} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />} data-testid="file-picker-manager-link">
                  {t('files:picker.open_manager')}
                </Button>
              )
            }
          />
        ) : (
          <List aria-label={title} data-testid="file-picker-list" sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} disablePadding>
            {files.map((f) => (
              <PickerRow key={f.id} file={f} shared={source === 'shared'} onPick={() => onPick(f)} />
            ))}
          </List>
        )}
        {list.data && <Pager page={list.data.current_page} lastPage={list.data.last_page} onChange={setPage} size="small" />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {allowLinks && (
          <Button startIcon={<AddLinkIcon />} onClick={() => setAddingUrl(true)} sx={{ mr: 'auto' }} data-testid="file-picker-add-url">
            {t('files:actions.add_url')}
          </Button>
        )}
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
      </DialogActions>
      {allowLinks && <PickerAddUrlDialog open={addingUrl} type={type} onClose={() => setAddingUrl(false)} onAdded={showAdded} />}
    </Dialog>
  );
}

export interface PickerUrlFormProps {
  url: string;
  /** The link's problem, the client's or the server's. */
  urlError: UrlProblem | null;
  /** A refusal of another kind. */
  formError?: string | null;
  busy: boolean;
  onUrl: (v: string) => void;
}

/** The add-URL popup's field (SPEC 5): empty "Please enter the URL", not a link "Please enter valid URL". */
export function PickerUrlForm({ url, urlError, formError, busy, onUrl }: PickerUrlFormProps) {
  const { t } = useTranslation('files');
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <LinkUrlField id="file-picker-url" url={url} urlError={urlError} busy={busy} onUrl={onUrl} testIds={{ help: 'file-picker-url-help' }} />
    </Stack>
  );
}

/** Adds a link to My files (as the picker's type, a video say); the picker's lists are read again. */
function PickerAddUrlDialog({ open, type, onClose, onAdded }: { open: boolean; type?: PickerFileType; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation(['files', 'common']);
  const qc = useQueryClient();
  const errorText = useErrorText();
  const titleId = useId();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<UrlProblem | null>(null);
  const save = useMutation({
    mutationFn: createPickerUrl,
    onSuccess: () => qc.invalidateQueries({ queryKey: filePickerKeys.all }),
  });
  const close = () => {
    if (save.isPending) return;
    setUrl('');
    setProblem(null);
    save.reset();
    onClose();
  };
  const submit = () => {
    const found = urlProblem(url);
    setProblem(found);
    if (found) return;
    save.mutate(
      { url: url.trim(), ...(type && { type }) },
      {
        onSuccess: () => {
          onAdded();
          setUrl('');
          save.reset();
          onClose();
        },
      },
    );
  };
  const serverUrl = urlServerProblem(save.error);
  const formError = save.error && !serverUrl && !fieldErrorsOf(save.error).url ? errorText(save.error) : null;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId} data-testid="file-picker-url-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // The picker's own form around it (an editor's) must not be submitted too.
          e.stopPropagation();
          if (!save.isPending) submit();
        }}
      >
        <DialogTitle id={titleId}>{t('files:url.title')}</DialogTitle>
        <DialogContent>
          <PickerUrlForm
            url={url}
            urlError={problem ?? serverUrl}
            formError={formError}
            busy={save.isPending}
            onUrl={(v) => {
              setUrl(v);
              setProblem(null);
              if (save.error) save.reset();
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <AddLinkIcon />}
            data-testid="file-picker-url-save"
          >
            {t('files:url.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function TypeIcon({ file }: { file: PickerFile }) {
  if (file.is_url) return <LinkIcon />;
  switch (file.type) {
    case 'image':
      return <ImageOutlinedIcon />;
    case 'audio':
      return <AudioFileOutlinedIcon />;
    case 'video':
      return <VideoFileOutlinedIcon />;
    case 'document':
      return <DescriptionOutlinedIcon />;
    default:
      return <InsertDriveFileOutlinedIcon />;
  }
}

function PickerRow({ file, shared, onPick }: { file: PickerFile; shared: boolean; onPick: () => void }) {
  const { t, i18n } = useTranslation(['files', 'common']);
  const detailsId = useId();
  const preview = filePreview(file);
  const name = file.title || file.file_name;
  let kind: string;
  if (file.is_url) {
    kind = file.provider ? t(`files:picker.provider.${file.provider}`) : t('files:picker.link');
  } else {
    const { n, unit } = sizeParts(file.size, i18n.language);
    kind = t('files:picker.size', { n, unit: t(`files:picker.units.${unit}`) });
  }
  const details = shared && file.owner_name ? `${kind} · ${t('files:picker.owner', { name: file.owner_name })}` : kind;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component="button"
        onClick={onPick}
        aria-label={name}
        aria-describedby={detailsId}
        data-testid="file-picker-item"
        data-file-id={file.id}
        sx={{ width: '100%', textAlign: 'left', gap: 1.5, borderRadius: 1, py: 1 }}
      >
        <Box
          sx={{ width: 64, height: 48, flex: 'none', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', color: 'text.secondary' }}
          aria-hidden="true"
        >
          {preview ? <Box component="img" src={preview} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <TypeIcon file={file} />}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body1" noWrap title={name} sx={{ fontWeight: 500 }} data-user-content>
            {name}
          </Typography>
          <Typography id={detailsId} variant="caption" color="text.secondary" noWrap component="p">
            {details}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

function PickerSkeleton() {
  const { t } = useTranslation(['files', 'common']);
  return (
    <Stack spacing={1} aria-busy="true" aria-label={t('files:picker.loading')} data-testid="file-picker-loading">
      {[0, 1, 2, 3].map((i) => (
        <Stack key={i} direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
          <Skeleton variant="rounded" width={64} height={48} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="60%" />
            <Skeleton width="30%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
