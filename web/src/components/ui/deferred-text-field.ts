// MUI's TextField with its select machinery (Menu, Popover, Modal): its own chunk, for forms that
// show late on a page (deferred-mui.tsx, LateTextField).
export { TextField } from '@mui/material';
