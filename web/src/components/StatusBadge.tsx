import type { ReactNode } from 'react';

/** What a status means to the reader; each tone keeps its text readable on its colour. */
export type StatusTone = 'positive' | 'waiting' | 'neutral' | 'negative' | 'info';

const toneClasses: Record<StatusTone, string> = {
  positive: 'text-bg-success',
  waiting: 'text-bg-warning',
  neutral: 'text-bg-secondary',
  negative: 'text-bg-danger',
  info: 'text-bg-info',
};

/** A status as a badge with its text, so the colour never carries it alone (docs/decisions.md#web-list-badges). */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`badge smr-status-badge ${toneClasses[tone]}`}>{children}</span>;
}
