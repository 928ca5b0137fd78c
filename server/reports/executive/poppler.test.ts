import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN, api, buildTestApp, login } from '../../test/helpers.js';
import { assessmentIds } from '../../test/organizations.js';
import { addRespondent, bareManufacturer, submitBySection } from '../../test/reports.js';

// A real PDF reader opens the executive summary (docs/decisions.md#insights-executive-report): poppler
// (Debian's poppler-utils) lists its fonts, draws every page as a picture and reads each page's text.
// Skipped where pdftoppm is not installed, unless REQUIRE_POPPLER=1 (as .ci/run sets) makes its
// absence a failure.

const onPath = (tool: string) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, tool)));
const poppler = onPath('pdftoppm') && onPath('pdffonts') && onPath('pdftotext');
const required = process.env.REQUIRE_POPPLER === '1';
const title = poppler
  ? 'The executive summary in poppler'
  : 'The executive summary in poppler (skipped: apt-get install poppler-utils, or REQUIRE_POPPLER=1 to fail)';

describe.skipIf(!poppler && !required)(title, () => {
  const appPromise = poppler ? buildTestApp('sqlite', { LOGIN_MAX_PER_ADDRESS: '10000' }) : undefined;

  it('draws every page and finds every font embedded and every page with text', {
    timeout: 120_000,
  }, async () => {
    if (!poppler || !appPromise) throw new Error('REQUIRE_POPPLER=1 but poppler-utils is not installed');
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const id = await bareManufacturer(app, 'CurrentStateReporting');
    for (const [n, fullName] of ['Lee Ortiz', 'Mo Chen', 'Ana Ruiz'].entries()) {
      const person = await addRespondent(app, id, { fullName, role: n ? 'quality' : 'engineering' });
      await submitBySection(app, person.token, 'current-state', (i) => (i + n) % 5);
      await submitBySection(app, person.token, 'future-state', () => 4);
    }
    const section = await app.deps.db
      .selectFrom('assessmentSections')
      .select('sectionId')
      .where('assessmentId', '=', (await assessmentIds(app)).current)
      .orderBy('sectionId')
      .executeTakeFirstOrThrow();
    for (const title of ['Map the data flows', 'Train two setters', 'Pilot a cobot cell'])
      await api(app, {
        method: 'POST',
        url: '/api/organization/action/add',
        token: admin,
        payload: { organizationId: id, sectionId: section.sectionId, title, dueOn: '2026-01-15' },
      });
    const res = await api(app, {
      method: 'POST',
      url: '/api/assessmentresult/report/byorg/pdf',
      token: admin,
      payload: { id },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-pdf-'));
    try {
      const file = path.join(dir, 'summary.pdf');
      fs.writeFileSync(file, res.rawPayload);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
      expect(pages).toBeGreaterThanOrEqual(4);
      expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
      // Every font embedded (pdffonts' 'emb' column), none drawn from the reader's own.
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThan(0);
      for (const line of fonts) expect(line.split(/\s+/).slice(-5, -4)[0], line).toBe('yes');
      execFileSync('pdftoppm', ['-png', '-r', '30', file, path.join(dir, 'page')]);
      const pictures = fs.readdirSync(dir).filter((f) => f.endsWith('.png'));
      expect(pictures).toHaveLength(pages);
      // A drawn page holds more than a blank one's few hundred bytes.
      for (const picture of pictures)
        expect(fs.statSync(path.join(dir, picture)).size).toBeGreaterThan(2_000);
      for (let page = 1; page <= pages; page++) {
        const text = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], {
          encoding: 'utf8',
        });
        expect(text.trim().length, `page ${page}`).toBeGreaterThan(40);
      }
      expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Pilot a cobot cell');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
