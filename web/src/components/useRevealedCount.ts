import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list's items to draw: `first` at once, then `step` more after each paint until all
 * are. A section of an assessment drew its questions in one task of 100-150 ms on a phone 4x slower than
 * this machine (render, then style and layout of them all); drawn a few at a time, the first screen
 * paints sooner and no task blocks input for long (docs/decisions.md#web-revealed-lists). The rest
 * follow within a few frames, before anyone can scroll to them.
 */
export function useRevealedCount(total: number, first: number, step = first): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    // After the next paint: a frame, then a task of its own (a timeout alone may run before the paint).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((n) => n + step)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, total, step]);
  return Math.min(shown, total);
}
