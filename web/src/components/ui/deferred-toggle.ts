// The toggle button group of the language switch on wider screens: its own chunk (with MUI's
// roving-focus code), fetched after the page's first render (deferred-mui.tsx).
export { ToggleButton, ToggleButtonGroup } from '@mui/material';
