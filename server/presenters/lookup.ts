import { type LookupType, lookupTypeNames } from '../../domain/codes.js';
import type { LookupItemView } from '../../domain/schemas/lookup.js';
import { bool } from './common.js';

type LookupRow = {
  id: number;
  name: string;
  code: string | null;
  lookupType: number;
  displayOrder: number | null;
  enumValue: number | null;
  organizationType?: number | null;
  isActive: number;
};

export function presentLookup(row: LookupRow): LookupItemView {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    lookupType: { enumValue: row.lookupType, name: lookupTypeNames[row.lookupType as LookupType] ?? '' },
    displayOrder: row.displayOrder,
    enumValue: row.enumValue,
    organizationType: row.organizationType ?? null,
    isActive: bool(row.isActive),
  };
}
