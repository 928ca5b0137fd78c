import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { AlertVariant } from './alertsContext';
import { TimedAlert } from './TimedAlert';

type Shown = { variant: AlertVariant; message: string; timed: boolean };

export type InlineAlert = {
  /** The alert to render where the form shows its messages, or null. */
  element: ReactNode;
  show: (variant: AlertVariant, message: string, options?: { timed?: boolean }) => void;
  clear: () => void;
};

/** One message inside a form or dialog (as opposed to the page-level alerts of useAlerts). */
export function useInlineAlert(): InlineAlert {
  const [shown, setShown] = useState<Shown | null>(null);
  const clear = useCallback(() => setShown(null), []);
  const show = useCallback(
    (variant: AlertVariant, message: string, options: { timed?: boolean } = {}) =>
      setShown({ variant, message, timed: options.timed ?? false }),
    [],
  );
  const element = shown ? (
    <TimedAlert variant={shown.variant} timed={shown.timed} onClose={clear}>
      {shown.message}
    </TimedAlert>
  ) : null;
  return useMemo(() => ({ element, show, clear }), [element, show, clear]);
}
