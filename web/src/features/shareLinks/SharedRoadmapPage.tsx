/** The shared roadmap seen through a link (issue 17): being built. */
export function SharedRoadmapPage() {
  return null;
}
