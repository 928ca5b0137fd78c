// The reasons that skipped suites give in their titles ("... (skipped: no soffice on PATH ...)"), read
// from a vitest JSON report, so that `npm test` prints them in its summary instead of a bare count.

const marker = /\(skipped: ([^)]*)\)/;

/**
 * @param {{ testResults?: { assertionResults?: { status: string, title: string, ancestorTitles?: string[] }[] }[] }} report
 * @returns {string[]} each distinct title that says why it was skipped, without repeats
 */
export function skipReasons(report) {
  const reasons = new Set();
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'skipped' && test.status !== 'pending') continue;
      const title = [...(test.ancestorTitles ?? []), test.title].find((t) => marker.test(t));
      if (title) reasons.add(title);
    }
  }
  return [...reasons];
}
