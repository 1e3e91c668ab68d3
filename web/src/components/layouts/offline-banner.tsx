import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Collapse } from '../ui/deferred-mui';

export function OfflineBanner() {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return (
    <Collapse in={!online}>
      <Alert severity="warning" sx={{ borderRadius: 0 }}>
        {t('common:app.offline')}
      </Alert>
    </Collapse>
  );
}
