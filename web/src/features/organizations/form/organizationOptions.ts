import { SELECT_PLACEHOLDER_VALUE } from '@domain/codes';
import { type ConsultingFirmOption, consultingFirmLabel } from '@web/api/organizations';
import type { SelectOption } from '@web/components/form/SelectField';
import type { Id } from './organizationDraft';

// The organization form's selects hold ids as text; these turn them back and forth and list the firms.

/** A select's value for an id: the id, or -1 for '--Select One--'. */
export const selectValue = (id: Id | undefined) => String(id ?? SELECT_PLACEHOLDER_VALUE);

/** The id a select's value stands for; null for '--Select One--'. */
export function idFromSelect(value: string): Id {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Consulting firms by name, labelled with their state; the organization's own firm stays listed when
 * no longer offered (deactivated), so saving does not drop it.
 */
export function firmOptions(
  firms: readonly ConsultingFirmOption[] | undefined,
  current: { id: number; name: string } | null | undefined,
): SelectOption[] {
  const sorted = [...(firms ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const options: SelectOption[] = sorted.map((firm) => ({
    value: firm.id,
    label: consultingFirmLabel(firm),
  }));
  if (current && !options.some((o) => o.value === current.id)) {
    options.push({ value: current.id, label: current.name });
  }
  return options;
}
