import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipReasons } from './skipReasons.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe("npm test's summary of skipped suites", () => {
  it('names the LibreOffice test and why it was skipped, where soffice is missing', {
    timeout: 120_000,
  }, () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'smr-skip-')), 'report.json');
    const run = spawnSync(
      path.join(root, 'node_modules', '.bin', 'vitest'),
      ['run', 'server/reports/workbook/libreoffice.test.ts', '--reporter=json', `--outputFile=${out}`],
      {
        cwd: root,
        encoding: 'utf8',
        // A soffice that does not exist: the suite skips as on a machine without LibreOffice.
        env: {
          ...process.env,
          SOFFICE_PATH: path.join(os.tmpdir(), 'no-soffice-here'),
          REQUIRE_LIBREOFFICE: '0',
        },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const reasons = skipReasons(JSON.parse(fs.readFileSync(out, 'utf8')));
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain('The organization report in LibreOffice');
    expect(reasons[0]).toContain('apt-get install libreoffice-calc-nogui');
  });

  it('says nothing of tests that ran, or were skipped without a reason', () => {
    const report = {
      testResults: [
        {
          assertionResults: [
            { status: 'passed', title: 'a (skipped: never)', ancestorTitles: [] },
            { status: 'skipped', title: 'b', ancestorTitles: ['plain'] },
          ],
        },
      ],
    };
    expect(skipReasons(report)).toEqual([]);
  });
});
