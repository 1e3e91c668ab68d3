// A titled block of a long form (an event's, an exam's, a question's, a course's, a content
// item's): a card with its heading, the fields under it.
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface FormSectionProps {
  title: string;
  children: ReactNode;
  /** The heading's id, which then names the section. */
  headingId?: string;
  /** An outlined card instead of a raised one. */
  outlined?: boolean;
}

export function FormSection({ title, children, headingId, outlined }: FormSectionProps) {
  return (
    <Card component="section" variant={outlined ? 'outlined' : undefined} aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
