import { groupNames, type UserGroup, UserStatus } from '../../domain/codes.js';
import type { UserCsvRow } from '../db/rows.js';
import { csvDate, csvDateTime, csvStream, yesNo } from './csv.js';

const statusNames: Record<number, string> = Object.fromEntries(
  Object.entries(UserStatus).map(([name, value]) => [value, name]),
);

export const userCsvHeader = [
  'Full Name',
  'User Name',
  'Email',
  'Phone Number',
  'Group',
  'Organization',
  'Status',
  'Active',
  'Suspended',
  'Certificate Number',
  'Last Certification Date',
  'Last Login',
  'Created',
] as const;

/** The user CSV downloads of docs/product.md#calls-users: one row per user, streamed. */
export function userCsv(batches: AsyncIterable<UserCsvRow[]>) {
  return csvStream(userCsvHeader, batches, (u) => [
    u.fullName,
    u.userName,
    u.email,
    u.phoneNumber,
    groupNames[u.userGroup as UserGroup] ?? '',
    u.organizationName,
    statusNames[u.status] ?? '',
    yesNo(u.isActive),
    yesNo(u.isSuspended),
    u.certificateNumber,
    csvDate(u.lastCertificationDate),
    csvDateTime(u.lastLogin),
    csvDateTime(u.createdAt),
  ]);
}
