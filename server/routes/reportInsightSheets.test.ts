import { describe, expect, it } from 'vitest';
import type { RoadmapStatusCode } from '../../domain/codes.js';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';
import { buildFirm, manufacturerSave } from '../test/organizations.js';
import {
  addRespondent,
  bareManufacturer,
  factOf,
  readWorkbook,
  submitBySection,
  tableAfter,
} from '../test/reports.js';

// The organization report's Role Alignment and Progress sheets (docs/product.md#insights-alignment), opened with exceljs.

describe.each(testDialects())('Role Alignment and Progress sheets on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
  const post = async (url: string, token: string, payload: object) =>
    api(await appPromise, { method: 'POST', url: `/api/${url}`, token, payload });
  const report = async (token: string, id: number, assessmentType: number) => {
    const res = await post('assessmentresult/report/byorg/download', token, { id, assessmentType });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return readWorkbook(res.rawPayload);
  };
  const today = () => {
    const d = new Date();
    return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
  };

  /**
   * A manufacturer saved through the form (its first functional role, Executive Leadership, aliased
   * 'Leaders'): three engineers scoring 2 and three leaders scoring 4 when round 1 closes; then a
   * fourth engineer scoring 1 in the first practice area and 5 elsewhere when round 2 closes. The
   * engineers' future state, 5 everywhere, is the target.
   */
  const organizationWithRounds = async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const made = await post(
      'admin/organization/add',
      admin,
      await manufacturerSave(app, { consultingFirmId: firmId }),
    );
    const id = made.json().data.id as number;
    const setStatus = async (status: RoadmapStatusCode) => {
      const body = await manufacturerSave(app, { id, status, consultingFirmId: firmId });
      expect((await post('admin/organization/update', admin, body)).json().isSuccess).toBe(true);
    };
    await setStatus('CurrentState');
    const engineers = [];
    for (let n = 0; n < 3; n++) {
      const p = await addRespondent(app, id, { fullName: `Engineer ${n}`, role: 'engineering' });
      await submitBySection(app, p.token, 'current-state', () => 1);
      engineers.push(p);
    }
    for (let n = 0; n < 3; n++) {
      const p = await addRespondent(app, id, { fullName: `Leader ${n}`, role: 'executive-leadership' });
      await submitBySection(app, p.token, 'current-state', () => 3);
    }
    await setStatus('CurrentStateReporting');
    await setStatus('FutureState');
    for (const p of engineers) await submitBySection(app, p.token, 'future-state', () => 4);
    const late = await addRespondent(app, id, { fullName: 'Engineer Late', role: 'engineering' });
    await submitBySection(app, late.token, 'current-state', (i) => (i === 0 ? 0 : 4));
    await setStatus('CurrentStateReporting');
    return { admin, consultant, id };
  };

  it('sets the role groups side by side, largest spread first, with data bars', async () => {
    const { consultant, id } = await organizationWithRounds();
    const book = await report(consultant.token, id, 1);
    const rows = book.sheets['Role Alignment']!;
    expect(rows[0]![0]).toBe('Role alignment: Current State Assessment');
    expect(tableAfter(rows, 'Role group')).toEqual([
      ['Engineering', '4'],
      ['Leaders', '3'],
    ]);
    const header = rows.find((r) => r[0] === 'Practice area')!;
    expect(header).toEqual(['Practice area', 'Engineering', 'Leaders', 'Spread']);
    const sections = tableAfter(rows, 'Practice area');
    expect(sections.length).toBeGreaterThan(1);
    // First area: engineers (2 + 2 + 2 + 1) / 4 = 1.75, leaders 4; elsewhere (2 + 2 + 2 + 5) / 4 = 2.75.
    expect(sections[0]!.slice(1)).toEqual(['1.8', '4', '2.2']);
    for (const s of sections.slice(1)) expect(s.slice(1)).toEqual(['2.8', '4', '1.2']);
    const firstRow = rows.indexOf(sections[0]!) + 1;
    expect(book.dataBars['Role Alignment']).toEqual([`B${firstRow}:C${firstRow + sections.length - 1}`]);
  });

  it('shows the rounds against the target: progress made, gap left and the areas that moved backwards', async () => {
    const { admin, id } = await organizationWithRounds();
    const book = await report(admin, id, 1);
    const rows = book.sheets.Progress!;
    expect(rows[0]![0]).toBe('Progress against the future-state target');
    expect(tableAfter(rows, 'Round')).toEqual([
      ['Round 1', today(), '6', '3'],
      ['Round 2', today(), '7', '3.2'],
    ]);
    const header = rows.find((r) => r[0] === 'Practice area')!;
    expect(header).toEqual([
      'Practice area',
      'Target',
      'Round 1',
      'Round 2',
      'Progress made',
      'Gap left',
      'Since the round before',
    ]);
    const lines = tableAfter(rows, 'Practice area');
    const [first, ...others] = lines.slice(0, -1);
    expect(first!.slice(1)).toEqual(['5', '3', '2.7', '-0.3', '2.3', 'Moved backwards']);
    for (const s of others) expect(s.slice(1, 6)).toEqual(['5', '3', '3.3', '0.3', '1.7']);
    expect(others.every((s) => (s[6] ?? '') === '')).toBe(true);
    expect(lines.at(-1)!.slice(0, 6)).toEqual(['Overall', '5', '3', '3.2', '0.2', '1.8']);
    expect(factOf(rows, 'Areas that moved backwards')).toBe(first![0]);
    const firstRow = rows.indexOf(lines[0]!) + 1;
    expect(book.dataBars.Progress).toEqual([`B${firstRow}:D${firstRow + lines.length - 1}`]);
  });

  it('says so when no group reaches 3 respondents and no round has closed', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const id = await bareManufacturer(app, 'CurrentStateReporting');
    for (const role of ['engineering', 'engineering', 'finance']) {
      const p = await addRespondent(app, id, { fullName: 'Some One', role });
      await submitBySection(app, p.token, 'current-state', () => 2);
    }
    const book = await report(admin, id, 1);
    // Engineering (2) and Finance (1) make an Other of 3.
    expect(tableAfter(book.sheets['Role Alignment']!, 'Role group')).toEqual([['Other', '3']]);
    const progress = book.sheets.Progress!.flat();
    expect(progress).toContain(
      'No round has closed yet: a round is kept each time the roadmap moves to Current State Reporting.',
    );
    expect(progress).toContain('There is no target yet: it is set by the future-state results.');

    const small = await bareManufacturer(app, 'CurrentStateReporting');
    for (const role of ['engineering', 'finance']) {
      const p = await addRespondent(app, small, { fullName: 'Some One', role });
      await submitBySection(app, p.token, 'current-state', () => 2);
    }
    const alone = await report(admin, small, 1);
    expect(alone.sheets['Role Alignment']!.flat()).toContain(
      'No role group has 3 or more respondents yet, so there is nothing to compare.',
    );
    expect(alone.dataBars['Role Alignment']).toEqual([]);
  });
});
