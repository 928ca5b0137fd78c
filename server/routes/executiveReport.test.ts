import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { RoadmapStatusCode } from '../../domain/codes.js';
import { figuresWithheldText } from '../../domain/rules/anonymity.js';
import { formatScore } from '../../domain/rules/maturity.js';
import type { ActionView } from '../../domain/schemas/actions.js';
import { actionStatusWords, followThroughWords, OVERDUE } from '../reports/actionPlan.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { identifiersOf, setAnonymize } from '../test/insights.js';
import { buildFirm, manufacturerSave, setRoadmapStatus } from '../test/organizations.js';
import {
  addBenchmarkedPeer,
  addRespondent,
  bareManufacturer,
  readWorkbook,
  submitBySection,
  tableAfter,
} from '../test/reports.js';

// The executive summary PDF and the organization workbook's Action Plan sheet (docs/decisions.md#insights-actions),
// read back as a client would: the PDF's text with pdf-parse, the workbook with exceljs, both set against
// what organization/plan and organization/action/search answer the same caller.

type PlanSection = {
  id: number;
  name: string;
  current: number | null;
  future: number | null;
  gap: number | null;
  actions: { open: number; done: number; overdue: number };
  followThrough: 'Closing' | 'GapNotClosed' | null;
};

const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** A day as the workbook's date cells read back (M/D/YYYY); the PDF writes it ISO. */
const shown = (iso: string | null) => {
  if (!iso) return '';
  const [y, m, d] = iso.split('-').map(Number);
  return `${m}/${d}/${y}`;
};
/** A score as the workbook's 0.0 cells show it. */
const cell = (value: string) => (value === '' ? formatScore(null) : Number(value).toFixed(1));

/** The text of a PDF, and its bytes as Latin-1 for looking at its objects. */
async function readPdf(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total, raw: bytes.toString('latin1') };
  } finally {
    await parser.destroy();
  }
}

/** The text with runs of white space made one space, so table cells read as one line. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe.each(testDialects())('executive summary and Action Plan sheet on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
  const post = async (url: string, token: string, payload: object) =>
    api(await appPromise, { method: 'POST', url: `/api/${url}`, token, payload });
  const pdfOf = (token: string, id: number) => post('assessmentresult/report/byorg/pdf', token, { id });
  const workbook = async (token: string, id: number, assessmentType = 1) => {
    const res = await post('assessmentresult/report/byorg/download', token, { id, assessmentType });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return readWorkbook(res.rawPayload);
  };

  /**
   * A manufacturer of a firm, with its champion: three respondents answer the current state (their
   * section scores differ by section), round 1 closes, ten actions are set (owned by the champion and
   * by Olive Owner, who answered nothing; done, overdue, deferred and dropped among them), the three
   * answer the future state, a fourth respondent scoring high in the first practice area only answers
   * the current state, and round 2 closes.
   */
  const manufacturerWithPlan = async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const created = await manufacturerSave(app, { consultingFirmId: firmId });
    const organizationName = created.organization.name;
    const made = await post('admin/organization/add', admin, created);
    const id = made.json().data.id as number;
    /** The admin saves the form with a roadmap status (a move into Current State Reporting closes a round). */
    const setStatus = async (status: RoadmapStatusCode) => {
      const body = await manufacturerSave(app, {
        id,
        status,
        consultingFirmId: firmId,
        name: organizationName,
      });
      const saved = await post('admin/organization/update', admin, body);
      expect(saved.json().isSuccess, saved.body).toBe(true);
    };
    const champion = await buildUser(app, 3, { organizationId: id });
    const championName = 'Blake Rivers';
    await app.deps.db
      .updateTable('users')
      .set({ fullName: championName })
      .where('id', '=', champion.id)
      .execute();

    await setStatus('CurrentState');
    const picks = [0, 1, 2, 1, 0, 2, 1, 3];
    const respondents = [];
    for (const [n, fullName] of ['Avery Stone', 'Casey Quinn', 'Drew Park'].entries()) {
      const p = await addRespondent(app, id, { fullName, role: n === 2 ? 'quality' : 'engineering' });
      await submitBySection(app, p.token, 'current-state', (i) =>
        Math.min(4, (picks[i % picks.length] ?? 0) + (n === 1 ? 1 : 0)),
      );
      respondents.push(p);
    }
    await setStatus('CurrentStateReporting');

    const olive = await addRespondent(app, id, { fullName: 'Olive Owner', role: 'finance' });
    const plan = (await post('organization/plan', admin, { id })).json() as { sections: PlanSection[] };
    const sectionIds = plan.sections.map((s) => s.id).sort((a, b) => a - b);
    const at = (i: number) => sectionIds[i % sectionIds.length] as number;
    const actions: object[] = [
      {
        sectionId: at(0),
        title: 'Map the order-to-cash data flows',
        ownerId: olive.id,
        dueOn: isoDay(30),
        status: 'Done',
      },
      {
        sectionId: at(0),
        title: 'Name a data owner per plant',
        ownerId: champion.id,
        dueOn: isoDay(-10),
        status: 'InProgress',
      },
      {
        sectionId: at(1),
        title: 'Pilot sensor retrofits on line 3',
        ownerId: olive.id,
        dueOn: isoDay(-3),
        status: 'NotStarted',
      },
      { sectionId: at(1), title: 'Agree the OEE definition', ownerId: null, dueOn: null, status: 'Done' },
      {
        sectionId: at(2),
        title: 'Train supervisors on the dashboards',
        ownerId: champion.id,
        dueOn: isoDay(14),
        status: 'NotStarted',
      },
      {
        sectionId: at(2),
        title: 'Replace the paper travellers',
        ownerId: olive.id,
        dueOn: isoDay(60),
        status: 'Deferred',
        rationale: 'Waits for the new ERP release.',
      },
      {
        sectionId: at(3),
        title: 'Write a cyber-security playbook',
        ownerId: champion.id,
        dueOn: isoDay(5),
        status: 'WontDo',
        rationale: 'The group IT team owns it.',
      },
      {
        sectionId: at(4),
        title: 'Benchmark energy use per unit',
        ownerId: olive.id,
        dueOn: isoDay(90),
        status: 'InProgress',
      },
      {
        sectionId: at(5),
        title: 'Set up a supplier portal',
        ownerId: null,
        dueOn: isoDay(-1),
        status: 'NotStarted',
      },
      {
        sectionId: at(6),
        title: 'Review maintenance intervals – Müller & Łukasz’s list',
        ownerId: champion.id,
        dueOn: isoDay(120),
        status: 'Done',
      },
    ];
    for (const action of actions) {
      const res = await post('organization/action/add', admin, { organizationId: id, ...action });
      expect(res.statusCode, res.body).toBe(200);
    }

    await setStatus('FutureState');
    for (const [n, p] of respondents.entries())
      await submitBySection(app, p.token, 'future-state', (i) => ((i + n) % 3 === 0 ? 3 : 4));
    const late = await addRespondent(app, id, { fullName: 'Logan Late', role: 'engineering' });
    await submitBySection(app, late.token, 'current-state', (i) => (i === 0 ? 4 : 0));
    respondents.push(late);
    await setStatus('CurrentStateReporting');

    return {
      app,
      admin,
      consultant,
      champion,
      championName,
      id,
      organizationName,
      olive,
      respondents,
    };
  };

  /** What organization/plan and organization/action/search answer the caller. */
  const planOf = async (token: string, id: number) => {
    const plan = (await post('organization/plan', token, { id })).json() as { sections: PlanSection[] };
    const search = await post('organization/action/search', token, {
      organizationId: id,
      skip: 0,
      take: 1000,
    });
    expect(search.statusCode).toBe(200);
    return { sections: plan.sections, actions: (search.json() as { data: ActionView[] }).data };
  };
  /** The actions by practice area in the plan's order, each area's in the action list's order. */
  const inPlanOrder = (sections: PlanSection[], actions: ActionView[]) =>
    sections.flatMap((s) => actions.filter((a) => a.sectionId === s.id));

  it('adds an Action Plan sheet with the plan call’s figures, follow-through and counts, then every action', async () => {
    const { app, admin, consultant, champion, id } = await manufacturerWithPlan();
    /** The sheet's two tables, as text cells, set against the plan and the action list. */
    const check = async (token: string, assessmentType: number) => {
      const { sections, actions } = await planOf(token, id);
      const book = await workbook(token, id, assessmentType);
      expect(book.names.at(-1)).toBe('Action Plan');
      const rows = book.sheets['Action Plan']!;
      expect(rows[0]![0]).toBe('Action plan: practice areas by gap, largest first');
      const figure = (v: number | null) => (v === null ? '' : String(v));
      expect(
        tableAfter(rows, 'Practice area').map((r) => Array.from({ length: 8 }, (_, i) => r[i] ?? '')),
      ).toEqual(
        sections.map((s) => [
          s.name,
          figure(s.current),
          figure(s.future),
          figure(s.gap),
          s.followThrough ? followThroughWords[s.followThrough] : '',
          String(s.actions.open),
          String(s.actions.done),
          String(s.actions.overdue),
        ]),
      );
      expect(
        tableAfter(rows, 'Practice area', 1).map((r) => Array.from({ length: 7 }, (_, i) => r[i] ?? '')),
      ).toEqual(
        inPlanOrder(sections, actions).map((a) => [
          a.sectionName,
          a.title,
          a.owner?.fullName ?? '',
          shown(a.dueOn),
          actionStatusWords[a.status],
          a.overdue ? OVERDUE : '',
          a.status === 'Deferred' || a.status === 'WontDo' ? a.rationale : '',
        ]),
      );
      return { sections, actions };
    };
    for (const token of [admin, consultant.token, champion.token]) {
      const { sections, actions } = await check(token, 1);
      // The scenario has both follow-through words, every status and three overdue actions.
      expect(new Set(sections.map((s) => s.followThrough))).toEqual(
        new Set(['Closing', 'GapNotClosed', null]),
      );
      expect(new Set(actions.map((a) => a.status)).size).toBe(5);
      expect(actions).toHaveLength(10);
      expect(actions.filter((a) => a.overdue)).toHaveLength(3);
    }
    // The future-state report has the same sheet.
    await setRoadmapStatus(app, id, 'FutureState');
    await check(admin, 2);
  });

  it('writes the executive summary as an A4 PDF with its fonts embedded, named for the organization and the day', async () => {
    const { admin, id, organizationName } = await manufacturerWithPlan();
    const res = await pdfOf(admin, id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = `SM-Roadmap-${organizationName}-Executive-Summary-${isoDay()}.pdf`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(file)}`,
    );
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/FontFile2 /);
    expect(raw).not.toMatch(/\/BaseFont\s*\/(Helvetica|Times|Courier|Symbol|ZapfDingbats)/);
    expect(raw).not.toMatch(/\/Subtype\s*\/Type1/);
    expect(raw).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(raw).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('prints every practice area, the five largest gaps and every action as the workbook and the plan give them', async () => {
    const { admin, id, organizationName } = await manufacturerWithPlan();
    const { sections, actions } = await planOf(admin, id);
    const book = await workbook(admin, id);
    const { text, pages } = await readPdf((await pdfOf(admin, id)).rawPayload);
    const all = flat(text);
    expect(all).toContain(organizationName);
    expect(all).toContain('Roadmap status Current State Reporting');
    expect(all).toContain(`Report date ${isoDay()}`);

    // Each area's figures as the Action Plan sheet's cells show them (0.0): a row of the plan's table
    // (with its follow-through and counts), the cards of its own page, a label of the chart.
    const areas = tableAfter(book.sheets['Action Plan']!, 'Practice area');
    expect(areas).toHaveLength(sections.length);
    const [summaryPage, secondPage, planPage, ...areaPages] = text.split(/-- \d+ of \d+ --/);
    const planText = flat(planPage!);
    let from = 0;
    for (const row of areas) {
      const [name, current, future, gap, followThrough, open, done, overdue] = Array.from(
        { length: 8 },
        (_, i) => row[i] ?? '',
      ) as [string, string, string, string, string, string, string, string];
      const line = [name, cell(current), cell(future), cell(gap), followThrough, open, done, overdue]
        .filter((part) => part !== '')
        .join(' ');
      const at = planText.indexOf(line, from);
      expect(at, line).toBeGreaterThanOrEqual(from);
      from = at;
      expect(flat(summaryPage!)).toContain(name);
      const page = areaPages.find((p) => flat(p).includes(name));
      expect(page, name).toBeDefined();
      const figures = flat(page!);
      expect(figures).toContain(`Current state ${cell(current)}`);
      expect(figures).toContain(`Future state ${cell(future)}`);
      expect(figures).toContain(`Gap ${cell(gap)}`);
    }
    expect(pages).toBe(3 + sections.length);

    // The five largest gaps, in the plan's order, each with its figures on one line.
    const largest = sections.filter((s) => s.gap !== null).slice(0, 5);
    expect(largest).toHaveLength(5);
    const gapsTable = flat(summaryPage!.slice(summaryPage!.indexOf('The five largest gaps')));
    from = 0;
    for (const [i, s] of largest.entries()) {
      const line = `${i + 1} ${s.name} ${formatScore(s.current)} ${formatScore(s.future)} ${formatScore(s.gap)}`;
      const at = gapsTable.indexOf(line, from);
      expect(at, line).toBeGreaterThanOrEqual(from);
      from = at;
    }

    // Every action on the plan page with its area, owner, due date and status, in the plan's order.
    const listed = planText.slice(planText.indexOf(`${actions.length} actions:`));
    from = 0;
    for (const a of inPlanOrder(sections, actions)) {
      for (const part of [a.title, a.owner?.fullName ?? 'Unassigned', actionStatusWords[a.status]])
        expect(listed, `${a.title}: ${part}`).toContain(part);
      if (a.dueOn) expect(listed).toContain(a.dueOn);
      const at = listed.indexOf(a.title, from);
      expect(at, a.title).toBeGreaterThanOrEqual(from);
      from = at;
    }
    expect(listed.split(OVERDUE).length - 1).toBe(actions.filter((a) => a.overdue).length);
    expect(flat(secondPage!)).toContain('Progress since the first round');
  });

  it('names no respondent under Anonymize Results, while owners stay named', async () => {
    const { app, admin, champion, championName, id, olive, respondents } = await manufacturerWithPlan();
    // Olive owns actions and answered nothing; the respondents own none.
    await setAnonymize(app, id, true);
    const identifying = identifiersOf(respondents);
    for (const token of [champion.token, admin]) {
      const res = await pdfOf(token, id);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const text = flat((await readPdf(res.rawPayload)).text);
      const lower = text.toLowerCase();
      for (const s of identifying) expect(lower).not.toContain(s);
      expect(text).toContain(olive.fullName);
      expect(text).toContain(championName);
    }
  });

  it('shows the peer band and the role spread where they may be shown', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const id = await bareManufacturer(app, 'CurrentStateReporting', firmId);
    for (const n of [0, 1, 2]) {
      const e = await addRespondent(app, id, { fullName: `Engineer ${n}`, role: 'engineering' });
      await submitBySection(app, e.token, 'current-state', () => 1);
      const q = await addRespondent(app, id, { fullName: `Inspector ${n}`, role: 'quality' });
      await submitBySection(app, q.token, 'current-state', () => 3);
    }
    const plain = flat((await readPdf((await pdfOf(consultant.token, id)).rawPayload)).text);
    expect(plain).toContain('more benchmarked manufacturers are needed to show peer figures.');
    expect(plain).toMatch(/Role spread \(current state\)/);
    expect(plain).toContain('Engineering: 3, Quality: 3 respondents');

    for (const value of [1, 2, 3, 4, 5]) await addBenchmarkedPeer(app, value);
    const text = flat((await readPdf((await pdfOf(consultant.token, id)).rawPayload)).text);
    expect(text).toContain('Quartiles of');
    // Every area: this organization 3.0 ((2 + 4) / 2), quartiles of 1 to 5: 2.0, 3.0, 4.0.
    expect(text).toContain('3.0 2.0 3.0 4.0');
    expect(text).not.toContain('more benchmarked manufacturers are needed');
  });

  it('lets admins, the consultant and the champion have it, and answers 403, 404 and 401 as the workbook does', async () => {
    const app = await appPromise;
    const { admin, consultant, champion, id } = await manufacturerWithPlan();
    const other = await buildFirm(app, admin);
    const elsewhere = await bareManufacturer(app, 'CurrentStateReporting');
    const championElsewhere = await buildUser(app, 3, { organizationId: elsewhere });
    const member = await buildUser(app, 4, { organizationId: id });
    const visitor = await buildUser(app, 5);
    const expected: [string, string, number][] = [
      ['admin', admin, 200],
      ['consultant', consultant.token, 200],
      ['champion', champion.token, 200],
      ['another firm’s consultant', other.consultant.token, 403],
      ['another champion', championElsewhere.token, 403],
      ['a plain member', member.token, 403],
      ['a visitor', visitor.token, 403],
    ];
    for (const [who, token, status] of expected) {
      const pdf = await pdfOf(token, id);
      const xlsx = await post('assessmentresult/report/byorg/download', token, { id, assessmentType: 1 });
      expect(pdf.statusCode, who).toBe(status);
      expect(xlsx.statusCode, who).toBe(status);
    }
    expect((await pdfOf(admin, 987_654_321)).statusCode).toBe(404);
    expect(
      (await api(app, { method: 'POST', url: '/api/assessmentresult/report/byorg/pdf', payload: { id } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 400 with the workbook’s message when no report is offered or its figures are withheld', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const id = await bareManufacturer(app, 'CurrentState', firmId);
    const champion = await buildUser(app, 3, { organizationId: id });
    const same = async (token: string) => {
      const pdf = await pdfOf(token, id);
      const xlsx = await post('assessmentresult/report/byorg/download', token, { id, assessmentType: 1 });
      expect(pdf.statusCode).toBe(xlsx.statusCode);
      if (xlsx.statusCode === 400) expect(pdf.json().message).toBe(xlsx.json().message);
      return pdf;
    };
    // No results yet.
    expect((await same(admin)).statusCode).toBe(400);
    const first = await addRespondent(app, id, { fullName: 'Rowan Reed', role: 'engineering' });
    await submitBySection(app, first.token, 'current-state', () => 2);
    const second = await addRespondent(app, id, { fullName: 'Sasha Sloan', role: 'engineering' });
    await submitBySection(app, second.token, 'current-state', () => 3);
    // With results, at a status that hides the current-state report.
    await setRoadmapStatus(app, id, 'PreAssessment');
    const hidden = await same(consultant.token);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().message).toBe(
      'There is no report for this assessment at this stage of the roadmap.',
    );
    // Offered, but under Anonymize Results two respondents are too few for anyone but an admin.
    await setRoadmapStatus(app, id, 'CurrentState');
    expect((await same(champion.token)).statusCode).toBe(200);
    await setAnonymize(app, id, true);
    const withheld = await same(champion.token);
    expect(withheld.statusCode).toBe(400);
    expect(withheld.json().message).toBe(figuresWithheldText);
    expect((await same(admin)).statusCode).toBe(200);
  });
});
