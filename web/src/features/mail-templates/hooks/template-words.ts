// A template's name and description, and a placeholder's meaning, in the interface's words: the
// server sends keys only (mail:keys.<key>.*). A key this app does not know yet
// keeps the server's name.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_LANGS, type MailLang } from '../api/mail-templates-api';

export function useTemplateWords() {
  const { t, i18n } = useTranslation('mail');
  return {
    name: useCallback((key: string) => (i18n.exists(`mail:keys.${key}.name`) ? t(`keys.${key}.name`) : key), [t, i18n]),
    description: useCallback(
      (key: string) => (i18n.exists(`mail:keys.${key}.description`) ? t(`keys.${key}.description`) : ''),
      [t, i18n],
    ),
    placeholder: useCallback(
      (name: string) => (i18n.exists(`mail:placeholder_names.${name}`) ? t(`placeholder_names.${name}`) : name),
      [t, i18n],
    ),
    /** A language's name inside a sentence ("English", "ইংরেজি"). */
    langName: useCallback((lang: MailLang) => t(`lang_names.${lang}`), [t]),
    /** "Customized: English" / "Built-in text": which languages are the site's own. */
    marks: useCallback(
      (customized: Partial<Record<MailLang, boolean>> | undefined) => {
        const own = MAIL_LANGS.filter((l) => customized?.[l]);
        return own.length ? t('customized_in', { langs: own.map((l) => t(`lang_names.${l}`)).join(', ') }) : t('built_in');
      },
      [t],
    ),
  };
}
