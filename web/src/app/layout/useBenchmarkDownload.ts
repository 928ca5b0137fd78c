import { messages } from '@domain/messages';
import { callerHandlesAllButSession, isHandled } from '@web/api/client';
import { downloadFile } from '@web/api/download';
import { useAlerts } from '@web/components/alerts/useAlerts';
import { BENCHMARK_DOWNLOAD_PATH } from '@web/lib/paths';
import { format } from 'date-fns';
import { useCallback, useState } from 'react';

/** The admin menu's Download Benchmark CSV (GET admin/benchmark/download). */
export function useBenchmarkDownload() {
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const download = useCallback(async () => {
    setBusy(true);
    try {
      await downloadFile(
        BENCHMARK_DOWNLOAD_PATH,
        `SM-Roadmap-Benchmark-${format(new Date(), 'yyyy-MM-dd')}.csv`,
        {
          skipGlobal: callerHandlesAllButSession,
        },
      );
    } catch (error) {
      if (!isHandled(error)) alerts.error(messages.reports.downloadFailure);
    } finally {
      setBusy(false);
    }
  }, [alerts]);
  return { download, busy };
}
