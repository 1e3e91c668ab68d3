import { useTranslation } from 'react-i18next';

/**
 * A refusal's code in words: the trainings' own checks (trainings:problems.<code>: an amount in
 * taka, a tax rate, a quantity) else the app's (errors:<code>).
 */
export function useProblemWords() {
  const { t, i18n } = useTranslation(['trainings', 'errors']);
  return (code: string): string => (i18n.exists(`trainings:problems.${code}`) ? t(`trainings:problems.${code}`) : t(`errors:${code}`));
}

/** The same, null for a code neither knows (the server's words then show). */
export function useKnownProblemWords() {
  const { t, i18n } = useTranslation(['trainings', 'errors']);
  return (code: string): string | null =>
    i18n.exists(`trainings:problems.${code}`) ? t(`trainings:problems.${code}`) : i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : null;
}
