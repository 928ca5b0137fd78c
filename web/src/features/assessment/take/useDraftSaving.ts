import type { Criteria } from '@web/api/assessments';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type Answers, draftCriteriaOf } from './answers';
import { type DraftBody, saveDraftOnLeave, saveDraftRequest } from './draftApi';
import type { StoredAttempt } from './sessionStore';

/** How long after the last change the answers are saved: typing a text saves once, not per key. */
export const draftSaving = {
  delayMs: 1500,
  /** How long Submit waits, at most, for a save under way. */
  settleMs: 3000,
};

export type DraftSaver = {
  /**
   * Before Submit: no save is pending or under way any more, so none can land after the submission
   * (which deletes the draft). The answers being submitted count as saved.
   */
  settle: () => Promise<void>;
};

type Options = {
  /** Taking an assessment; a retake or a view keeps no draft. */
  enabled: boolean;
  criteria: Criteria;
  attempt: StoredAttempt;
  /** The step shown: leaving it saves at once. */
  step: string | undefined;
  /** The server's copy is behind the browser's (offline before, or never saved): send it soon. */
  behind: boolean;
};

/**
 * Saves the answers on the server as a person answers (docs/product.md#insights-drafts, 'save and resume'): a moment after
 * the last change, when they leave a step, when the page is hidden or closed, and when the browser
 * comes back online after a failed save. Saving never holds up the page: nothing waits for it.
 */
export function useDraftSaving({ enabled, criteria, attempt, step, behind }: Options): DraftSaver {
  const latest = useRef(attempt);
  latest.current = attempt;
  /** The answers the server has (or is being sent); null when it is behind. */
  const saved = useRef<Answers | null>(behind ? null : attempt.answers);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);

  const bodyOf = useCallback(
    (current: StoredAttempt): DraftBody => ({
      code: criteria.code,
      criteria: draftCriteriaOf(criteria, current.answers, current.startDateTime || null),
    }),
    [criteria],
  );

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const flush = useCallback(
    (leaving = false) => {
      cancel();
      const current = latest.current;
      if (!enabled || saved.current === current.answers) return;
      saved.current = current.answers;
      if (leaving) return saveDraftOnLeave(bodyOf(current));
      // A refusal (the attempt was submitted elsewhere) is final: the same answers are not sent again.
      const sending = saveDraftRequest(bodyOf(current)).then(
        () => {},
        () => {
          // Not sent (offline, a failing server): the next change, step or reconnection tries again.
          if (saved.current === current.answers) saved.current = null;
        },
      );
      inFlight.current = sending;
      void sending.finally(() => {
        if (inFlight.current === sending) inFlight.current = null;
      });
    },
    [enabled, bodyOf, cancel],
  );

  // A moment after each change.
  useEffect(() => {
    if (!enabled || saved.current === attempt.answers) return;
    cancel();
    timer.current = setTimeout(() => flush(), draftSaving.delayMs);
  }, [enabled, attempt.answers, flush, cancel]);

  // Leaving a step saves what was answered on it.
  const shownStep = useRef(step);
  useEffect(() => {
    if (step !== shownStep.current) {
      shownStep.current = step;
      flush();
    }
  }, [step, flush]);

  useEffect(() => {
    if (!enabled) return;
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const onLeave = () => flush(true);
    const onOnline = () => flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('online', onOnline);
      // Leaving the assessment within the app (home, another page) saves what is pending.
      flush();
    };
  }, [enabled, flush]);

  return useMemo(
    () => ({
      settle: async () => {
        cancel();
        saved.current = latest.current.answers;
        // A slow save holds Submit up for a moment at most; the server refuses it if it comes later.
        const sending = inFlight.current;
        if (sending)
          await Promise.race([sending, new Promise((resolve) => setTimeout(resolve, draftSaving.settleMs))]);
      },
    }),
    [cancel],
  );
}
