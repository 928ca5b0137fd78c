import { useCallback } from 'react';
import type { AlertItem } from './alertsContext';
import { TimedAlert } from './TimedAlert';
import { useAlertList, useAlerts } from './useAlerts';

/** Renders the page-level alerts at the top of the content. */
export function AlertList() {
  const alerts = useAlertList();
  const { dismiss } = useAlerts();
  if (alerts.length === 0) return null;
  return (
    <div className="smr-alerts">
      {alerts.map((alert) => (
        <AlertEntry key={alert.id} alert={alert} dismiss={dismiss} />
      ))}
    </div>
  );
}

function AlertEntry({ alert, dismiss }: { alert: AlertItem; dismiss: (id: number) => void }) {
  // A stable onClose keeps the 6-second timer from restarting whenever the list re-renders.
  const onClose = useCallback(() => dismiss(alert.id), [dismiss, alert.id]);
  return (
    <TimedAlert variant={alert.variant} timed={alert.timed} onClose={onClose}>
      {alert.message}
    </TimedAlert>
  );
}
