import { DownloadButton } from '@web/components/DownloadButton';

type Props = {
  /** assessmentresult/report/byorg/download or byid/download (docs/product.md#calls). */
  path: string;
  body: object;
  /** Used only if the answer names no file. */
  fallbackName: string;
  /** What screen readers hear: the button's text is the same on every row. */
  label?: string;
  size?: 'sm';
};

/** 'Download Report': fetches the Excel report and saves it under the server's file name. */
export function ReportDownloadButton(props: Props) {
  return <DownloadButton {...props}>Download Report</DownloadButton>;
}
