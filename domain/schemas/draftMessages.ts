/** What save and resume says (docs/product.md#insights-drafts), kept free of zod for the web app's assessment page. */
export const draftMessages = {
  none: 'No saved answers were found for this assessment.',
  otherAssessment: 'The answers are for another assessment than the code names.',
  alreadySubmitted: 'These answers have already been submitted.',
  /** The web app's notice when answers saved elsewhere are restored (docs/product.md#insights-drafts, exact). */
  restored: 'Your saved answers were restored.',
};
