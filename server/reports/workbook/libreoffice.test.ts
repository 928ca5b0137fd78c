import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ADMIN, api, buildTestApp, login } from '../../test/helpers.js';
import {
  addBenchmarkedPeer,
  addRespondent,
  bareManufacturer,
  setAlias,
  submitBySection,
} from '../../test/reports.js';

// A real spreadsheet program reads the organization report: LibreOffice (Debian's
// libreoffice-calc-nogui) converts it to CSV headless. Skipped where soffice is not installed (on PATH,
// or at SOFFICE_PATH), unless REQUIRE_LIBREOFFICE=1 (as .ci/run sets) makes its absence a failure.

const soffice = (
  process.env.SOFFICE_PATH
    ? [process.env.SOFFICE_PATH]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'soffice'))
).find((file) => fs.existsSync(file));
const required = process.env.REQUIRE_LIBREOFFICE === '1';
const title = soffice
  ? 'The organization report in LibreOffice'
  : 'The organization report in LibreOffice (skipped: no soffice on PATH or at SOFFICE_PATH; apt-get install libreoffice-calc-nogui, or REQUIRE_LIBREOFFICE=1 to fail)';

describe.skipIf(!soffice && !required)(title, () => {
  const appPromise = soffice ? buildTestApp('sqlite', { LOGIN_MAX_PER_ADDRESS: '10000' }) : undefined;
  it('converts to CSV with the Summary as written', { timeout: 180_000 }, async () => {
    if (!soffice || !appPromise)
      throw new Error(
        'REQUIRE_LIBREOFFICE=1 but soffice is not installed (apt-get install libreoffice-calc-nogui)',
      );
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const id = await bareManufacturer(app, 'CurrentStateReporting');
    await setAlias(app, id, 'engineering', 'Technical');
    const a = await addRespondent(app, id, { fullName: 'Lee Ortiz', role: 'engineering' });
    const b = await addRespondent(app, id, { fullName: 'Mo Chen', role: 'quality' });
    await submitBySection(app, a.token, 'current-state', () => 3);
    await submitBySection(app, b.token, 'current-state', (i) => (i === 0 ? 4 : 1));
    for (const value of [1, 2, 3, 4, 5]) await addBenchmarkedPeer(app, value);
    const res = await api(app, {
      method: 'POST',
      url: '/api/assessmentresult/report/byorg/download',
      token: admin,
      payload: { id, assessmentType: 1 },
    });
    expect(res.statusCode).toBe(200);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-soffice-'));
    try {
      const file = path.join(dir, 'report.xlsx');
      fs.writeFileSync(file, res.rawPayload);
      const convert = (format: string) => {
        const run = spawnSync(
          soffice,
          [
            `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
            '--headless',
            '--convert-to',
            format,
            '--outdir',
            dir,
            file,
          ],
          { encoding: 'utf8', timeout: 80_000 },
        );
        return `soffice: ${run.stdout} ${run.stderr}`;
      };
      const output = convert('csv:Text - txt - csv (StarCalc):44,34,76,1');
      const csvFile = path.join(dir, 'report.csv');
      expect(fs.existsSync(csvFile), output).toBe(true);
      const rows: string[][] = parse(fs.readFileSync(csvFile, 'utf8'), { relax_column_count: true });
      const fact = (label: string) => rows.find((r) => r[0] === label)?.[1];

      expect(rows[0]![0]).toMatch(/^Current State .*: Maker /);
      expect(fact('Respondents counted')).toBe('2');
      expect(fact('Respondents excluded')).toBe('0');
      // Lee 4 everywhere; Mo 5 in the first section and 2 elsewhere (overall 2.4): averages 4.5 and 3.
      expect(fact('Overall average')).toBe('3.2');
      expect(fact('Maturity level')).toBe('Defined');
      expect(fact('Report date')).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
      const header = rows.findIndex((r) => r[0] === 'Practice area');
      expect(rows[header]!.slice(0, 3)).toEqual(['Practice area', 'Average', 'Maturity level']);
      expect(rows[header + 1]!.slice(1, 3)).toEqual(['4.5', 'Integrated']);
      expect(rows[header + 2]!.slice(1, 3)).toEqual(['3.0', 'Defined']);
      const peers = rows.findIndex((r, i) => i > header && r[0] === 'Practice area');
      expect(rows[peers]!.filter((c) => c !== '')).toEqual([
        'Practice area',
        'This organization',
        'Lower quartile',
        'Median',
        'Upper quartile',
      ]);
      // Peers 1 to 5: quartiles 2, 3 and 4 (no lowest, highest, average or rank: docs/decisions.md#trust-peers).
      expect(rows[peers + 1]!.slice(1, 5)).toEqual(['4.5', '2.0', '3.0', '4.0']);

      // LibreOffice also reads the data bars (its flat OpenDocument file names each one's range).
      const flat = convert('fods');
      const fods = fs.readFileSync(path.join(dir, 'report.fods'), 'utf8');
      expect(fods, flat).toContain('<calcext:data-bar ');
      expect(fods).toContain(`calcext:target-range-address="Summary.B${header + 2}:Summary.B${header + 9}"`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
