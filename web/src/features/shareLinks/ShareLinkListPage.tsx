/** Every shared roadmap link, for admins (issue 17): being built. */
export function ShareLinkListPage() {
  return null;
}
