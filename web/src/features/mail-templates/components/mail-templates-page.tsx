// /template/mail: the e-mails the site sends (address check, password reset, ...), each in Bangla
// and English. The templates on one side (a list; a select on narrow screens), with which languages
// are the site's own; the chosen one (?key=, the first by default) in the editor beside it.
// Choosing another template with changes not saved asks first. The route lets in the super and
// partner classes whose role may view the settings module (app/signed-in-routes.tsx); saving and
// restoring also need settings.edit.
import { Box, Grid, Skeleton, Stack } from '@mui/material';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { withParam } from '../../../lib/list-params';
import { useTemplateList } from '../hooks/use-mail-templates';
import { useTemplateWords } from '../hooks/template-words';
import { TemplateArea } from './template-editor';
import { TemplatePicker } from './template-picker';

export default function MailTemplatesPage() {
  const { t } = useTranslation(['mail', 'common']);
  const words = useTemplateWords();
  const list = useTemplateList();
  const [params, setParams] = useSearchParams();
  const templates = list.data ?? [];
  const asked = params.get('key');
  const chosen = templates.find((x) => x.key === asked) ?? templates[0] ?? null;
  /** The editor has changes not saved (it tells). */
  const [dirty, setDirty] = useState(false);
  /** The template asked for while changes are not saved: waiting for the yes. */
  const [switchTo, setSwitchTo] = useState<string | null>(null);

  const open = (key: string) => {
    setSwitchTo(null);
    setDirty(false);
    setParams((p) => withParam(p, 'key', key), { replace: true });
  };
  const choose = (key: string) => {
    if (key === chosen?.key) return;
    if (dirty) setSwitchTo(key);
    else open(key);
  };

  let body: ReactNode;
  if (list.error) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageLoading />;
  else if (!chosen) body = <EmptyState message={t('mail:empty')} icon={<EmailOutlinedIcon />} />;
  else
    body = (
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TemplatePicker templates={templates} chosen={chosen.key} onChoose={choose} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} sx={{ minWidth: 0 }}>
          {/* Keyed by the template: another one starts afresh. */}
          <TemplateArea key={chosen.key} templateKey={chosen.key} onDirty={setDirty} />
        </Grid>
      </Grid>
    );

  return (
    <Box data-testid="mail-templates-page" sx={{ minWidth: 0 }}>
      <PageHeader title={t('mail:title')} subtitle={t('mail:subtitle')} />
      {body}
      <ConfirmDialog
        open={switchTo !== null}
        title={t('mail:discard_title')}
        body={t('mail:discard_body', { name: chosen ? words.name(chosen.key) : '' })}
        confirmLabel={t('mail:discard')}
        closeLabel={t('mail:keep_editing')}
        danger
        onConfirm={() => switchTo !== null && open(switchTo)}
        onClose={() => setSwitchTo(null)}
      />
    </Box>
  );
}

function PageLoading() {
  return (
    <Grid container spacing={3} data-testid="mail-templates-loading">
      <Grid size={{ xs: 12, md: 4 }}>
        <Stack spacing={1}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Skeleton variant="rounded" height={420} />
      </Grid>
    </Grid>
  );
}
