import { type FollowThrough, followThroughNames } from '@domain/rules/actions';

// How the plan's figures read (docs/decisions.md#insights-actions): in words, never by colour alone.

export const followThroughWords: Record<FollowThrough, { label: string; meaning: string }> = {
  Closing: {
    label: followThroughNames.Closing,
    meaning: 'Actions were done and the area rose in the latest round.',
  },
  GapNotClosed: {
    label: followThroughNames.GapNotClosed,
    meaning: 'Actions were done, but the area did not rise in the latest round.',
  },
};

/** The counts of an area's actions: '3 open, 1 done, 1 overdue'. */
export function actionCounts(actions: { open: number; done: number; overdue: number }): string {
  return `${actions.open} open, ${actions.done} done, ${actions.overdue} overdue`;
}
