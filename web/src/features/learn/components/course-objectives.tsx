import { Card, CardContent, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useTranslation } from 'react-i18next';

/** The course page's "what you will learn" card (nothing when there are no objectives). */
export function CourseObjectives({ objectives }: { objectives: string[] }) {
  const { t } = useTranslation(['learn', 'common']);
  if (objectives.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="objectives-title">
      <CardContent>
        <Typography id="objectives-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('learn:details.objectives')}
        </Typography>
        <List dense disablePadding sx={{ columns: { md: 2 }, columnGap: 3 }}>
          {objectives.map((o, i) => (
            <ListItem key={i} disableGutters sx={{ alignItems: 'flex-start', breakInside: 'avoid' }}>
              <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                <CheckCircleOutlineIcon color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={o} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
