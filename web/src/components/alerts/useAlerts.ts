import { use } from 'react';
import { type Alerts, AlertsContext } from './alertsContext';

/** Raise page-level alerts from anywhere below <AlertsProvider>. */
export function useAlerts(): Alerts {
  const context = use(AlertsContext);
  if (!context) throw new Error('useAlerts must be used inside <AlertsProvider>');
  return context.actions;
}

export function useAlertList() {
  const context = use(AlertsContext);
  if (!context) throw new Error('useAlertList must be used inside <AlertsProvider>');
  return context.alerts;
}
