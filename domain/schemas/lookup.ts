import { z } from 'zod';

export const lookupRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
});
export type LookupRef = z.infer<typeof lookupRefSchema>;

export type LookupItemView = {
  id: number;
  name: string;
  code: string | null;
  lookupType: { enumValue: number; name: string };
  displayOrder: number | null;
  enumValue: number | null;
  /** Business types only: the organization type they belong to. */
  organizationType: number | null;
  isActive: boolean;
};
