// The pieces the account settings' switch cards share (notifications on this device, a site's
// announcements): a card with a heading and an explanation the switches point to, and a switch
// row whose whole line is its label, with a spinner while its change is being saved.
import { Box, Card, CardContent, CircularProgress, FormControlLabel, Switch, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

export function SettingCard({ testId, title, intro, children }: { testId: string; title: string; intro: string; children: (introId: string) => ReactNode }) {
  const introId = useId();
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} id={introId}>
          {intro}
        </Typography>
        {children(introId)}
      </CardContent>
    </Card>
  );
}

export interface SettingSwitchProps {
  label: ReactNode;
  checked: boolean;
  busy: boolean;
  /** The id of the card's explanation. */
  describedBy: string;
  testId: string;
  busyTestId: string;
  onChange: (checked: boolean) => void;
}

export function SettingSwitch({ label, checked, busy, describedBy, testId, busyTestId, onChange }: SettingSwitchProps) {
  return (
    <FormControlLabel
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mx: 0, mt: 1 }}
      labelPlacement="start"
      label={
        // A long label (an address) wraps rather than pushing the switch off a phone's screen.
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {label}
          {busy && <CircularProgress size={16} aria-hidden data-testid={busyTestId} />}
        </Box>
      }
      control={
        <Switch
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { 'aria-describedby': describedBy, 'aria-busy': busy || undefined } }}
          data-testid={testId}
        />
      }
    />
  );
}
