import type { Answers } from './answers';

// docs/product.md#limits: the browser keeps the assessment answers per session. One entry per user,
// assessment and mode (and result, for a retake), so a reload resumes the attempt where it was.

export type AssessmentMode = 'take' | 'retake' | 'view';

export type StoredAttempt = {
  /** When the attempt began (sent as startDateTime). */
  startDateTime: string;
  answers: Answers;
  /**
   * When the answers last changed here (ISO time): compared with the server's draft, the newer of the
   * two wins (docs/product.md#insights-drafts, 'save and resume'). Absent in copies kept before drafts existed.
   */
  savedAt?: string;
};

export function attemptKey(parts: {
  userId: number | null | undefined;
  mode: AssessmentMode;
  code: string;
  resultId?: number | null;
}): string {
  const result = parts.resultId ? `.${parts.resultId}` : '';
  return `smr.assessment.${parts.userId ?? 'anonymous'}.${parts.mode}.${parts.code}${result}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off; the attempt then lives only as long as the page.
    return null;
  }
}

export function loadAttempt(key: string): StoredAttempt | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredAttempt> | null;
    if (!parsed || typeof parsed.startDateTime !== 'string' || typeof parsed.answers !== 'object')
      return null;
    return {
      startDateTime: parsed.startDateTime,
      answers: parsed.answers ?? {},
      ...(typeof parsed.savedAt === 'string' ? { savedAt: parsed.savedAt } : {}),
    };
  } catch {
    return null;
  }
}

export function saveAttempt(key: string, attempt: StoredAttempt): void {
  try {
    storage()?.setItem(key, JSON.stringify(attempt));
  } catch {
    // A full or disabled storage only loses the resume-after-reload convenience.
  }
}

export function clearAttempt(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to clear
  }
}
