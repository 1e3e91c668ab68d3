// The templates to choose from: a list beside the editor on wide screens, a select above it on
// narrow ones (360 px). Each says which languages are the site's own text ("Customized: English").
import { Box, List, ListItemButton, ListItemText, Paper, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MailTemplateSummary } from '../api/mail-templates-api';
import { useTemplateWords } from '../hooks/template-words';

export function TemplatePicker({ templates, chosen, onChoose }: { templates: readonly MailTemplateSummary[]; chosen: string; onChoose: (key: string) => void }) {
  const { t } = useTranslation('mail');
  const words = useTemplateWords();
  const label = t('list_label');
  return (
    <>
      <Paper variant="outlined" component="nav" aria-label={label} sx={{ display: { xs: 'none', md: 'block' } }} data-testid="mail-template-list">
        <List disablePadding>
          {templates.map((tpl) => {
            const current = tpl.key === chosen;
            return (
              <ListItemButton
                key={tpl.key}
                selected={current}
                aria-current={current ? 'true' : undefined}
                onClick={() => onChoose(tpl.key)}
                data-testid="mail-template-item"
                data-key={tpl.key}
              >
                <ListItemText primary={words.name(tpl.key)} secondary={words.marks(tpl.customized)} />
              </ListItemButton>
            );
          })}
        </List>
      </Paper>
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <TextField
          id="mail-template-select"
          select
          fullWidth
          label={label}
          value={chosen}
          onChange={(e) => onChoose(e.target.value)}
          slotProps={{ select: { native: true } }}
        >
          {templates.map((tpl) => (
            <option key={tpl.key} value={tpl.key}>
              {`${words.name(tpl.key)} (${words.marks(tpl.customized)})`}
            </option>
          ))}
        </TextField>
      </Box>
    </>
  );
}
