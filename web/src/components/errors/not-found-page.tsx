import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/lang';
import { ErrorLayout } from './error-layout';

export function NotFoundPage() {
  const { t, i18n } = useTranslation();
  return (
    <ErrorLayout
      testId="not-found-page"
      code={formatNumber(404, i18n.language).replace(/[,،]/g, '')}
      title={t('errors:pages.not_found_title')}
      body={t('errors:pages.not_found_body')}
    />
  );
}

export default NotFoundPage;
