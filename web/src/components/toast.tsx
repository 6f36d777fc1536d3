import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';

export const TOAST_LIMIT = 1;
/** A dismissed toast is removed after this long (docs/product.md). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_MAX_WIDTH = 420;

export interface Toast {
  title: string;
  description: string;
  /** A further line under the description, e.g. the reference a message was stored under. */
  detail?: string;
  variant?: 'default' | 'destructive';
}

interface ToastState extends Toast {
  id: number;
  open: boolean;
}

const ToastContext = createContext<(toast: Toast) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

/** At most one toast at a time: a new one replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((next: Toast) => {
    setToast((current) => ({ ...next, id: (current?.id ?? 0) + 1, open: true }));
  }, []);
  const dismiss = useCallback(() => {
    setToast((current) => (current ? { ...current, open: false } : current));
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {toast && (
        <Snackbar
          key={toast.id}
          open={toast.open}
          onClose={(_e, reason) => reason !== 'clickaway' && dismiss()}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          autoHideDuration={6000}
          slotProps={{ transition: { onExited: () => setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), TOAST_REMOVE_DELAY_MS) } }}
          sx={{ maxWidth: TOAST_MAX_WIDTH }}
        >
          <Alert
            role={toast.variant === 'destructive' ? 'alert' : 'status'}
            severity={toast.variant === 'destructive' ? 'error' : 'success'}
            variant="filled"
            onClose={dismiss}
            sx={{ width: '100%', maxWidth: TOAST_MAX_WIDTH }}
            data-testid="toast"
          >
            <AlertTitle>{toast.title}</AlertTitle>
            {toast.description}
            {toast.detail ? (
              <Box component="span" sx={{ display: 'block', mt: 0.5, fontWeight: 700 }} data-testid="toast-detail">
                {toast.detail}
              </Box>
            ) : null}
          </Alert>
        </Snackbar>
      )}
    </ToastContext.Provider>
  );
}
