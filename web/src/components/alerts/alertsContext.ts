import { createContext } from 'react';

export type AlertVariant = 'success' | 'danger' | 'warning' | 'info';

export type AlertOptions = {
  /** Dismiss after ALERT_TIMEOUT_MS. Success and info default to timed, danger and warning do not. */
  timed?: boolean;
  /** Survive the next route change: for an alert raised together with a redirect. */
  keepOnNavigation?: boolean;
};

export type AlertItem = {
  id: number;
  variant: AlertVariant;
  message: string;
  timed: boolean;
  keepOnNavigation: boolean;
};

export type Alerts = {
  show: (variant: AlertVariant, message: string, options?: AlertOptions) => void;
  success: (message: string, options?: AlertOptions) => void;
  error: (message: string, options?: AlertOptions) => void;
  warning: (message: string, options?: AlertOptions) => void;
  info: (message: string, options?: AlertOptions) => void;
  dismiss: (id: number) => void;
  clear: () => void;
};

/** docs/product.md#limits: inline messages auto-dismiss after 6000 ms. */
export const ALERT_TIMEOUT_MS = 6000;

export const AlertsContext = createContext<{ alerts: AlertItem[]; actions: Alerts } | null>(null);
