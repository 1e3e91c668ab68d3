import { Box, Card, CardContent, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { ReactNode } from 'react';

export function AuthCard({ title, subtitle, children, footer, icon }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode; icon?: ReactNode }) {
  return (
    <Box sx={{ px: 2, py: { xs: 4, md: 8 }, display: 'flex', justifyContent: 'center' }}>
      <Card sx={{ width: '100%', maxWidth: 440, boxShadow: '0 10px 40px rgba(15, 23, 42, 0.06)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box
            sx={{ width: 48, height: 48, borderRadius: 3, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', mb: 2 }}
          >
            {icon ?? <LockOutlinedIcon />}
          </Box>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
          {footer && <Box sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>{footer}</Box>}
        </CardContent>
      </Card>
    </Box>
  );
}
