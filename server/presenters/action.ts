import { type ActionStatus, isOverdue } from '../../domain/rules/actions.js';
import type { ActionView } from '../../domain/schemas/actions.js';

/** An action as the repository reads it, with its practice area's and owner's names. */
export type ActionRecord = {
  id: number;
  organizationId: number;
  sectionId: number;
  sectionName: string;
  title: string;
  description: string;
  ownerId: number | null;
  ownerName: string | null;
  dueOn: string | null;
  status: ActionStatus;
  rationale: string;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
};

/** The ISO day of a stored moment. */
const dayOf = (moment: string) => moment.slice(0, 10);

/**
 * An action as every action call answers it: its dates as ISO days, its owner by name (also under
 * Anonymize Results: naming who owns a task ties no result to them), overdue as of `today`.
 */
export function presentAction(row: ActionRecord, today: string): ActionView {
  return {
    id: row.id,
    organizationId: row.organizationId,
    sectionId: row.sectionId,
    sectionName: row.sectionName,
    title: row.title,
    description: row.description,
    owner: row.ownerId === null ? null : { id: row.ownerId, fullName: row.ownerName ?? '' },
    dueOn: row.dueOn,
    status: row.status,
    rationale: row.rationale,
    createdOn: dayOf(row.createdAt),
    updatedOn: dayOf(row.updatedAt),
    completedOn: row.completedAt === null ? null : dayOf(row.completedAt),
    overdue: isOverdue(row, today),
  };
}
