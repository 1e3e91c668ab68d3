// Sizes as people read them: "1.5 MB", "১.৫ MB" in Bangla.
import { useTranslation } from 'react-i18next';
import { sizeParts } from '../../../lib/stored-file';

export function useSizeText() {
  const { t, i18n } = useTranslation('files');
  return (bytes: number) => {
    const { n, unit } = sizeParts(bytes, i18n.language);
    return t('files:size', { n, unit: t(`files:units.${unit}`) });
  };
}
