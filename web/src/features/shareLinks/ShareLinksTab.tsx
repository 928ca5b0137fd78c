/** An organization's shared roadmap links (issue 17): being built. */
export function ShareLinksTab(_props: { organizationId: number }) {
  return null;
}
