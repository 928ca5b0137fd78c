/** Role alignment of an organization (issue 17): being built. */
export function RoleAlignmentTab(_props: { organizationId: number }) {
  return null;
}
