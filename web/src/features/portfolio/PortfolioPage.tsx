/** Client Portfolio (issue 17): being built. */
export function PortfolioPage() {
  return null;
}
