import type { AdminInviteRow } from '../db/rows.js';
import { csvDate, csvStream, yesNo } from './csv.js';

export const inviteCsvHeader = [
  'Invitee',
  'User Name',
  'Email',
  'Manufacturer',
  'Consulting Firm',
  'Assessment',
  'Invited On',
  'Completed On',
  'Exclude From Report',
] as const;

/** The admin invite list's Download CSV (docs/product.md#calls): one row per invite, streamed. */
export function inviteCsv(batches: AsyncIterable<AdminInviteRow[]>) {
  return csvStream(inviteCsvHeader, batches, (i) => [
    i.respondentFullName,
    i.respondentUserName,
    i.respondentEmail,
    i.organizationName,
    i.consultingFirmName,
    i.assessmentName,
    csvDate(i.invitedAt),
    csvDate(i.completionDateTime),
    yesNo(i.excludeFromReport),
  ]);
}
