/** Progress against target of an organization (issue 17): being built. */
export function ProgressTab(_props: { organizationId: number }) {
  return null;
}
