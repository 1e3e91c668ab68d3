// The chosen template's editor: its name and what it is for, a tab per language (বাংলা, English)
// with its texts, Preview (the e-mail as sent, with sample values), Save (that language) and
// Restore default (that language, asked first). Both languages' drafts are kept while switching
// tabs; a tab with changes not saved is marked, and leaving the page with any asks the browser's
// question. The server's refusals (422) show under their fields.
import { Alert, Box, Card, CardContent, Chip, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useAllows } from '../../../lib/access';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { MAIL_LANGS, type MailLang, type MailPreview, type MailTemplate, type MailTexts } from '../api/mail-templates-api';
import { draftsOf, MAIL_FIELDS, mailProblems, templateInput, textsOf, unsavedLangs, withPlaceholder, type MailDrafts, type MailField } from '../hooks/template-form';
import { isNotFound, previewMutation, restoreTemplateMutation, saveTemplateMutation, useMailRoleKey, useTemplate } from '../hooks/use-mail-templates';
import { useTemplateWords } from '../hooks/template-words';
import { PreviewDialog } from './preview-dialog';
import { TemplateForm, type MailBusy } from './template-fields';

/** The template of `templateKey`, read, then its editor. `onDirty`: whether changes are not saved. */
export function TemplateArea({ templateKey, onDirty }: { templateKey: string; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation('mail');
  const query = useTemplate(templateKey);
  if (isNotFound(query.error)) return <Alert severity="warning">{t('not_found')}</Alert>;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton variant="rounded" height={420} data-testid="mail-editor-loading" />;
  return <TemplateEditor template={query.data} onDirty={onDirty} />;
}

/** The texts' language to start with: the interface's. */
const startLang = (lang: string): MailLang => (lang === 'en' ? 'en' : 'bn');

export function TemplateEditor({ template, onDirty }: { template: MailTemplate; onDirty?: (dirty: boolean) => void }) {
  const { t, i18n } = useTranslation(['mail', 'common']);
  const words = useTemplateWords();
  const toast = useToast();
  const qc = useQueryClient();
  const role = useMailRoleKey();
  const mayEdit = useAllows('settings', 'edit') === true;
  const [lang, setLang] = useState<MailLang>(() => startLang(i18n.language));
  const [drafts, setDrafts] = useState<MailDrafts>(() => draftsOf(template));
  /** The last refusal (a save's, a preview's or a restore's). */
  const [error, setError] = useState<unknown>(null);
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const [confirmRestore, setConfirmRestore] = useState(false);
  const save = useMutation(saveTemplateMutation(qc, role));
  const restore = useMutation(restoreTemplateMutation(qc, role));
  const previewing = useMutation(previewMutation);
  const { errors, formError, changed, check } = useFieldErrors(MAIL_FIELDS, error);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  /** Where the cursor goes once a placeholder put in is drawn. */
  const caret = useRef<number | null>(null);

  const key = template.key;
  const name = words.name(key);
  const texts = drafts[lang];
  const unsaved = unsavedLangs(drafts, template);
  const dirty = unsaved.length > 0;
  const busy: MailBusy = save.isPending ? 'save' : restore.isPending ? 'restore' : previewing.isPending ? 'preview' : null;

  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  useEffect(() => {
    const el = bodyRef.current;
    if (caret.current === null || !el) return;
    el.focus();
    el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [texts.body]);

  const edit = (patch: Partial<MailTexts>) => {
    setDrafts((d) => ({ ...d, [lang]: { ...d[lang], ...patch } }));
    changed(Object.keys(patch) as MailField[]);
  };
  const insert = (placeholder: string) => {
    const el = bodyRef.current;
    const end = el?.selectionEnd ?? texts.body.length;
    const next = withPlaceholder(texts.body, el?.selectionStart ?? end, end, placeholder);
    caret.current = next.caret;
    edit({ body: next.text });
  };
  const switchLang = (next: MailLang) => {
    setLang(next);
    setError(null);
    check({});
  };
  /** The answer of a save or a restore: that language's draft is what the server now has. */
  const settle = (saved: MailTemplate, message: string) => {
    if (saved?.[lang]) setDrafts((d) => ({ ...d, [lang]: textsOf(saved[lang]) }));
    setError(null);
    toast.show(t(message, { name, lang: words.langName(lang) }));
  };
  const onSave = () => {
    if (!mayEdit || !check(mailProblems(texts))) return;
    save.mutate({ key, input: templateInput(lang, texts) }, { onSuccess: (saved) => settle(saved, 'mail:saved'), onError: (e) => setError(e) });
  };
  const onPreview = () => {
    if (!check(mailProblems(texts))) return;
    setError(null);
    previewing.mutate({ key, input: templateInput(lang, texts) }, { onSuccess: (p) => setPreview(p), onError: (e) => setError(e) });
  };
  const onRestore = () =>
    restore.mutate(
      { key, lang },
      {
        onSuccess: (saved) => {
          setConfirmRestore(false);
          check({});
          settle(saved, 'mail:restored');
        },
        onError: (e) => {
          setConfirmRestore(false);
          setError(e);
        },
      },
    );

  const description = words.description(key);
  return (
    <Card component="section" aria-labelledby="mail-template-title" data-testid="mail-editor" data-key={key}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="mail-template-title" variant="h6" component="h2">
          {name}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        )}
        {!mayEdit && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="mail-read-only">
            {t('mail:read_only')}
          </Alert>
        )}
        <Tabs
          value={lang}
          onChange={(_, next: MailLang) => switchLang(next)}
          variant="fullWidth"
          aria-label={t('mail:lang_tabs')}
          sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {MAIL_LANGS.map((l) => (
            <Tab
              key={l}
              value={l}
              id={`mail-tab-${l}`}
              aria-controls="mail-panel"
              label={<LangLabel lang={l} customized={!!template[l]?.customized} unsaved={unsaved.includes(l)} />}
              data-testid={`mail-tab-${l}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="mail-panel" aria-labelledby={`mail-tab-${lang}`} sx={{ pt: 2.5 }}>
          <TemplateForm
            lang={lang}
            values={texts}
            errors={errors}
            formError={formError}
            placeholders={template.placeholders ?? []}
            required={template.required ?? []}
            customized={!!template[lang]?.customized}
            readOnly={!mayEdit}
            busy={busy}
            bodyRef={bodyRef}
            onChange={edit}
            onInsert={insert}
            onPreview={onPreview}
            onSave={onSave}
            onRestore={() => setConfirmRestore(true)}
          />
        </Box>
      </CardContent>
      <RestoreDialog
        open={confirmRestore}
        name={name}
        lang={lang}
        busy={busy === 'restore'}
        onConfirm={onRestore}
        onClose={() => busy !== 'restore' && setConfirmRestore(false)}
      />
      <PreviewDialog preview={preview} onClose={() => setPreview(null)} />
    </Card>
  );
}

/** Asked before one language of a template goes back to the built-in text. */
export function RestoreDialog(props: { open: boolean; name: string; lang: MailLang; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('mail');
  const words = useTemplateWords();
  return (
    <ConfirmDialog
      open={props.open}
      title={t('restore_title')}
      body={t('restore_body', { name: props.name, lang: words.langName(props.lang) })}
      confirmLabel={t('restore')}
      busy={props.busy}
      danger
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}

/** A language tab's label: its name, "Customized" when the site's own, a dot when changes are not saved. */
function LangLabel({ lang, customized, unsaved }: { lang: MailLang; customized: boolean; unsaved: boolean }) {
  const { t } = useTranslation('mail');
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', justifyContent: 'center' }}>
      <span lang={lang}>{t(`langs.${lang}`)}</span>
      {customized && <Chip component="span" size="small" label={t('customized')} data-testid="mail-customized" />}
      {unsaved && (
        <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'warning.main' }} data-testid="mail-unsaved">
          <Box component="span" sx={visuallyHidden}>
            {t('unsaved_mark')}
          </Box>
        </Box>
      )}
    </Box>
  );
}
