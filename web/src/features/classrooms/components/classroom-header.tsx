// The head of a class's page: its name (and the other language's), its description, when it
// starts, where it meets, its people and the caller's role. Teachers and admins manage the class
// from it: its join link (copied), publish and feature, Edit (the class's form) and Delete (after a
// confirmation).
//
// On a wide screen (md and up) those tools are laid out under the class (the link in a field with a
// copy button, two switches, two buttons). On a phone or a tablet the header stays short, so that
// the tabs and their content start on the first screen: the tools are in an overflow menu by the
// chips, and the description is cut to two lines with a "Show more" toggle.
//
// A webinar's live room (kind "webinar") is labelled Webinar, and links to the webinar's public
// page when the server gives its course (`course_uuid`).
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  IconButton,
  InputAdornment,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { useToast } from '../../../components/ui/toast-provider';
import { copyText } from '../../../lib/copy-text';
import { coursePagePath } from '../../../lib/course-paths';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { Classroom } from '../api/classrooms-api';
import { classroomName, formatClock, formatLongDay, managesClass, otherClassroomName } from '../hooks/classroom-format';
import { roomListPath, type RoomKind } from '../hooks/room-kind';
import { publishFeatureMutation, useDeleteClassroom } from '../hooks/use-classrooms';
import { DraftChip, FeaturedChip, RoleChip } from './classroom-chips';
import { Line } from './classroom-card';
import { ClassroomDialog } from './classroom-dialog';

type Flags = { published?: boolean; featured?: boolean };

/** What a class's managers can do from its header, whichever way the header lays it out. */
interface Management {
  busy: boolean;
  toggle: (patch: Flags) => void;
  edit: () => void;
  remove: () => void;
  /** Copies the join link; where the clipboard refuses, shows the link to copy by hand. */
  copyLink: () => void;
}

export function ClassroomHeader({ classroom: c, kind = 'classroom' }: { classroom: Classroom; kind?: RoomKind }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const manage = managesClass(c.my_role);
  const webinar = kind === 'webinar';
  const name = classroomName(c, lang) || t('classrooms:card.untitled');
  const other = otherClassroomName(c, lang);
  const [management, dialogs] = useManagement(c, name, kind);
  return (
    <Card sx={{ mb: { xs: 2, md: 2.5 } }} data-testid="classroom-header" data-layout={wide ? 'wide' : 'compact'}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexGrow: 1, minWidth: 0 }}>
            {webinar && <Chip size="small" color="secondary" icon={<LiveTvOutlinedIcon />} label={t('classrooms:webinar.label')} data-testid="webinar-chip" />}
            <RoleChip role={c.my_role} />
            {manage && !c.published && <DraftChip />}
            {manage && c.featured && <FeaturedChip />}
          </Stack>
          {manage && !wide && <ClassActionsMenu classroom={c} management={management} />}
        </Stack>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, sm: 30 }, fontWeight: 800, overflowWrap: 'anywhere' }} data-testid="classroom-heading" data-user-content>
          {name}
        </Typography>
        {other && (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
            {other}
          </Typography>
        )}
        {c.description && <ClassroomDescription text={c.description} compact={!wide} />}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }} useFlexGap sx={{ mt: { xs: 1.5, md: 2 }, flexWrap: 'wrap' }}>
          <Line icon={<EventOutlinedIcon />} label={t('classrooms:details.starts')} testId="classroom-starts">
            {formatLongDay(c.starts_at, lang)}, {formatClock(c.starts_at, lang)}
          </Line>
          <Line icon={<VideocamOutlinedIcon />} label={t('classrooms:details.platform')} testId="classroom-platform">
            {t(`classrooms:platforms.${c.platform}`)}
          </Line>
          <Line icon={<GroupsOutlinedIcon />} label={t('classrooms:card.people')} testId="classroom-counts">
            {t('classrooms:card.teachers', { count: c.teachers, n: formatNumber(c.teachers, lang) })}
            {' · '}
            {t('classrooms:card.students', { count: c.students, n: formatNumber(c.students, lang) })}
          </Line>
        </Stack>
        {webinar && c.course_uuid && (
          <Button
            component={RouterLink}
            to={coursePagePath({ uuid: c.course_uuid, course_type: 'webinar' }, 'details')}
            size="small"
            startIcon={<LiveTvOutlinedIcon />}
            sx={{ mt: 1.5, ml: -0.75 }}
            data-testid="webinar-page-link"
          >
            {t('classrooms:webinar.public_page')}
          </Button>
        )}
        {manage && wide && <ManagerTools classroom={c} management={management} />}
        {manage && dialogs}
      </CardContent>
    </Card>
  );
}

/** The managers' actions on class `c`, and the dialogs they open (drawn by the header). */
function useManagement(c: Classroom, name: string, kind: RoomKind): [Management, ReactNode] {
  const { t } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const flags = useMutation(publishFeatureMutation(qc, c.id));
  const remove = useDeleteClassroom();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showingLink, setShowingLink] = useState(false);

  const management: Management = {
    busy: flags.isPending,
    toggle: (patch) =>
      flags.mutate(patch, {
        onSuccess: (saved) => toast.show(t(patch.published !== undefined ? (saved.published ? 'classrooms:details.published' : 'classrooms:details.unpublished') : saved.featured ? 'classrooms:details.featured' : 'classrooms:details.unfeatured')),
        onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
      }),
    edit: () => setEditing(true),
    remove: () => setConfirming(true),
    copyLink: () => {
      if (!c.join_url) return;
      void copyText(c.join_url).then((ok) => (ok ? toast.show(t('classrooms:details.link_copied')) : setShowingLink(true)));
    },
  };

  const dialogs = (
    <>
      <ClassroomDialog open={editing} classroom={c} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={confirming}
        title={t('classrooms:details.delete_title', { name })}
        body={t('classrooms:details.delete_body')}
        confirmLabel={t('classrooms:details.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(c.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.show(t('classrooms:details.deleted', { name }));
              navigate(roomListPath(kind), { replace: true });
            },
            onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
          })
        }
        onClose={() => !remove.isPending && setConfirming(false)}
      />
      {c.join_url && (
        <Dialog open={showingLink} onClose={() => setShowingLink(false)} maxWidth="sm" fullWidth aria-labelledby="classroom-link-title" data-testid="join-link-dialog">
          <DialogTitle id="classroom-link-title">{t('classrooms:details.join_link')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('classrooms:details.copy_by_hand')}
            </Typography>
            <JoinLinkField url={c.join_url} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setShowingLink(false)}>{t('common:actions.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
  return [management, dialogs];
}

/** A wide screen's tools: the join link, the switches, Edit and Delete. */
function ManagerTools({ classroom: c, management: m }: { classroom: Classroom; management: Management }) {
  const { t } = useTranslation(['classrooms', 'common']);
  return (
    <Box sx={{ mt: 2.5, pt: 2, borderTop: 1, borderColor: 'divider' }} data-testid="classroom-manager-tools">
      {c.join_url && <JoinLinkField url={c.join_url} />}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={2}>
          <FormControlLabel
            control={<Switch checked={c.published} disabled={m.busy} onChange={(e) => m.toggle({ published: e.target.checked })} slotProps={{ input: { id: 'classroom-published' } }} />}
            label={t('classrooms:details.publish')}
            data-testid="publish-switch"
          />
          <FormControlLabel
            control={<Switch checked={c.featured} disabled={m.busy} onChange={(e) => m.toggle({ featured: e.target.checked })} slotProps={{ input: { id: 'classroom-featured' } }} />}
            label={t('classrooms:details.feature')}
            data-testid="feature-switch"
          />
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={m.edit} data-testid="edit-classroom">
            {t('classrooms:details.edit')}
          </Button>
          <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={m.remove} data-testid="delete-classroom">
            {t('classrooms:details.delete')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * A phone's tools: a "Manage class" button opening a menu of them. Publish and Feature are check
 * items showing whether the class is published and featured; choosing one turns it over.
 */
export function ClassActionsMenu({ classroom: c, management: m }: { classroom: Classroom; management: Management }) {
  const { t } = useTranslation('classrooms');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `classroom-actions-${useId()}`;
  const label = t('details.actions');
  const close = () => setAnchor(null);
  const then = (act: () => void) => () => {
    close();
    act();
  };
  const check = (on: boolean) => (on ? <CheckBoxIcon fontSize="small" color="primary" /> : <CheckBoxOutlineBlankIcon fontSize="small" />);
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ mt: -1, mr: -1 }}
        data-testid="classroom-actions"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': label }, paper: { sx: { minWidth: 240, maxWidth: 'calc(100vw - 32px)' } } }}
        data-testid="classroom-actions-menu"
      >
        {c.join_url && (
          <MenuItem onClick={then(m.copyLink)} data-testid="action-copy-link">
            <ListItemIcon>
              <ContentCopyIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('details.copy_invitation')}</ListItemText>
          </MenuItem>
        )}
        {c.join_url && <Divider />}
        <MenuItem role="menuitemcheckbox" aria-checked={c.published} disabled={m.busy} onClick={then(() => m.toggle({ published: !c.published }))} data-testid="action-publish">
          <ListItemIcon>{check(c.published)}</ListItemIcon>
          <ListItemText>{t('details.publish')}</ListItemText>
        </MenuItem>
        <MenuItem role="menuitemcheckbox" aria-checked={c.featured} disabled={m.busy} onClick={then(() => m.toggle({ featured: !c.featured }))} data-testid="action-feature">
          <ListItemIcon>{check(c.featured)}</ListItemIcon>
          <ListItemText>{t('details.feature')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem onClick={then(m.edit)} data-testid="action-edit">
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('details.edit')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={then(m.remove)} sx={{ color: 'error.main' }} data-testid="action-delete">
          <ListItemIcon sx={{ color: 'error.main' }}>
            <DeleteOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('details.delete')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/** Whether a description likely takes more than two lines on a phone, before it can be measured. */
export const looksLong = (text: string) => text.length > 80 || text.trim().split('\n').length > 2;

/**
 * The class's description. `compact` (a phone): two lines, with "Show more" when it is longer
 * (measured once drawn; guessed from its length before), and "Show less" once opened.
 */
export function ClassroomDescription({ text, compact }: { text: string; compact: boolean }) {
  const { t } = useTranslation('classrooms');
  const id = `classroom-description-${useId()}`;
  const ref = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [clipped, setClipped] = useState(() => looksLong(text));
  const clamp = compact && !expanded;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!clamp || !el) return;
    const measure = () => setClipped(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [clamp, text]);
  return (
    <Box sx={{ mt: { xs: 1, md: 1.5 } }}>
      <Typography
        ref={ref}
        id={id}
        sx={{
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
          ...(clamp && { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }),
        }}
        data-testid="classroom-description"
        data-collapsed={clamp && clipped ? 'true' : undefined}
        data-user-content
      >
        {text}
      </Typography>
      {compact && (clipped || expanded) && (
        <Button size="small" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded} aria-controls={id} sx={{ ml: -0.75, mt: 0.25, minWidth: 0, px: 0.75 }} data-testid="description-toggle">
          {t(expanded ? 'details.less' : 'details.more')}
        </Button>
      )}
    </Box>
  );
}

/** The class's join link, read-only (selectable), with a button that copies it. */
export function JoinLinkField({ url }: { url: string }) {
  const { t } = useTranslation('classrooms');
  const toast = useToast();
  const copy = async () => {
    const ok = await copyText(url);
    toast.show(ok ? t('details.link_copied') : t('details.link_not_copied'), { severity: ok ? 'success' : 'error' });
  };
  return (
    <TextField
      id="classroom-join-url"
      label={t('details.join_link')}
      value={url}
      fullWidth
      size="small"
      helperText={t('details.join_link_hint')}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('details.copy_link')}>
                <IconButton edge="end" onClick={() => void copy()} aria-label={t('details.copy_link')} data-testid="copy-join-link">
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
      data-testid="join-link"
    />
  );
}
