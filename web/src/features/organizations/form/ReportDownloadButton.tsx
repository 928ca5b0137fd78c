import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { messages } from '../../../../../domain/messages';
import { callerHandlesAllButSession, isHandled } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { useAlerts } from '../../../components/alerts/useAlerts';

type Props = {
  /** assessmentresult/report/byorg/download or byid/download (SPEC.md section 7). */
  path: string;
  body: object;
  /** Used only if the answer names no file. */
  fallbackName: string;
  /** What screen readers hear: the button's text is the same on every row. */
  label?: string;
  size?: 'sm';
};

/** 'Download Report': fetches the Excel report and saves it under the server's file name. */
export function ReportDownloadButton({ path, body, fallbackName, label, size }: Props) {
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(path, fallbackName, {
        method: 'POST',
        body,
        skipGlobal: callerHandlesAllButSession,
      });
    } catch (error) {
      if (!isHandled(error)) alerts.error(messages.reports.downloadFailure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline-primary" size={size} onClick={download} disabled={busy} aria-label={label}>
      {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
      Download Report
    </Button>
  );
}
