// MUI components that only menus, dialogs, drawers, pop-ups and toasts draw: one chunk, fetched
// after the page has rendered (deferred-mui.tsx), so that a page's first download leaves them out.
export {
  Alert,
  AlertTitle,
  Collapse,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  Fab,
  LinearProgress,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Popper,
  Snackbar,
  Switch,
  Tooltip,
  Zoom,
} from '@mui/material';
