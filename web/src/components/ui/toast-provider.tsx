// Toasts: bottom right, 2500 ms, no progress bar (SPEC 9).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle, Snackbar } from './deferred-mui';

export const TOAST_DURATION = 2500;

type Severity = 'success' | 'error' | 'info' | 'warning';
interface Toast {
  id: number;
  message: string;
  title?: string;
  severity: Severity;
  duration: number;
}
interface ToastApi {
  show: (message: string, opts?: { title?: string; severity?: Severity; duration?: number }) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback<ToastApi['show']>((message, opts = {}) => {
    setToast({
      id: Date.now(),
      message,
      title: opts.title,
      severity: opts.severity ?? 'success',
      duration: opts.duration ?? TOAST_DURATION,
    });
    setOpen(true);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={toast?.id}
        open={open}
        autoHideDuration={toast?.duration ?? TOAST_DURATION}
        onClose={(_, reason) => reason !== 'clickaway' && setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        sx={{ mb: { xs: 8, md: 0 } }}
      >
        <Alert
          data-testid="toast"
          severity={toast?.severity ?? 'success'}
          variant="filled"
          onClose={() => setOpen(false)}
          // Outside the router's locale theme: the close button's label is given here.
          closeText={t('common:actions.close')}
          sx={{ minWidth: 260, boxShadow: 4 }}
        >
          {toast?.title && <AlertTitle sx={{ mb: 0 }}>{toast.title}</AlertTitle>}
          {toast?.message}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}
