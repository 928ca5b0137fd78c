import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import {
  type AlertItem,
  type AlertOptions,
  type Alerts,
  AlertsContext,
  type AlertVariant,
} from './alertsContext';

const timedByDefault: Record<AlertVariant, boolean> = {
  success: true,
  info: true,
  warning: false,
  danger: false,
};

let nextId = 1;

/** Holds the page-level alerts of docs/product.md#messages; must sit inside the router. */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<AlertItem[]>([]);
  const { pathname } = useLocation();

  // Alerts belong to the page they were raised on, unless raised together with a redirect.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change only
  useEffect(() => {
    setAlerts((list) =>
      list.length === 0
        ? list
        : list
            .filter((alert) => alert.keepOnNavigation)
            .map((alert) => ({ ...alert, keepOnNavigation: false })),
    );
  }, [pathname]);

  const show = useCallback((variant: AlertVariant, message: string, options: AlertOptions = {}) => {
    const alert: AlertItem = {
      id: nextId++,
      variant,
      message,
      timed: options.timed ?? timedByDefault[variant],
      keepOnNavigation: options.keepOnNavigation ?? false,
    };
    // Several calls failing together must not stack the same sentence.
    setAlerts((list) => [
      ...list.filter((other) => !(other.variant === variant && other.message === message)),
      alert,
    ]);
    // docs/product.md#messages: the page scrolls to the top so the alert is seen.
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  }, []);

  const dismiss = useCallback((id: number) => setAlerts((list) => list.filter((a) => a.id !== id)), []);
  const clear = useCallback(() => setAlerts([]), []);

  const actions = useMemo<Alerts>(
    () => ({
      show,
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('danger', message, options),
      warning: (message, options) => show('warning', message, options),
      info: (message, options) => show('info', message, options),
      dismiss,
      clear,
    }),
    [show, dismiss, clear],
  );

  const value = useMemo(() => ({ alerts, actions }), [alerts, actions]);
  return <AlertsContext value={value}>{children}</AlertsContext>;
}
