/** How much of an assessment a started attempt has answered (docs/decisions.md#assessments-resume). */
export type DraftProgress = { answered: number; total: number };

/**
 * The draft's answered questions that the assessment still asks, of all it asks. A stored draft holds
 * only answered questions; one the assessment no longer has counts for nothing.
 */
export function draftProgress(
  draft: { sections: readonly { questions: readonly { id: number }[] }[] },
  questionIds: readonly number[],
): DraftProgress {
  const asked = new Set(questionIds);
  const answered = new Set(
    draft.sections.flatMap((s) => s.questions.map((q) => q.id)).filter((id) => asked.has(id)),
  );
  return { answered: answered.size, total: asked.size };
}
