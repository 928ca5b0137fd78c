import type { ReactNode } from 'react';

/**
 * A wide table's own scroll box, named by its heading: the page never scrolls sideways at phone width,
 * and keyboard users can focus the box to scroll it (axe's scrollable-region-focusable).
 */
export function ScrollBox({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <>
      <p className="smr-insights-scroll-hint">Scroll the table sideways to see every column.</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
      <section className="table-responsive smr-insights-scroll" aria-labelledby={labelledBy} tabIndex={0}>
        {children}
      </section>
    </>
  );
}
