import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';
import {
  buildFirm,
  buildManufacturer,
  setRoadmapStatus,
  signInAs,
  submitAssessment,
} from '../test/organizations.js';

/** The cells of a worksheet as text rows, as someone opening the file would read them. */
async function sheetsOf(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheets: Record<string, string[][]> = {};
  book.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
    });
    sheets[sheet.name] = rows;
  });
  return sheets;
}

describe.each(testDialects())('Excel reports on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  const setUp = async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const maker = await buildManufacturer(app, admin, { consultingFirmId: firmId });
    const respondent = await signInAs(app, maker.userNames[0]);
    const resultId = await submitAssessment(app, respondent, 'current-state', 3);
    const download = (url: string, payload: object, token: string) =>
      api(app, { method: 'POST', url: `/api/${url}`, token, payload });
    return { app, admin, consultant, maker, respondent, resultId, download };
  };

  it("downloads an organization's report once the roadmap is past pre-assessment, anonymized for non-admins when asked", async () => {
    const { app, admin, consultant, maker, download } = await setUp();
    const body = { id: maker.id, assessmentType: 1 };
    const early = await download('assessmentresult/report/byorg/download', body, admin);
    expect(early.statusCode).toBe(400);

    await setRoadmapStatus(app, maker.id, 'CurrentStateReporting');
    const res = await download('assessmentresult/report/byorg/download', body, consultant.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(maker.body.organization.name);
    const sheets = await sheetsOf(res.rawPayload);
    expect(sheets.Summary!.find((r) => r[0] === 'Respondents')?.[1]).toBe('1');
    expect(sheets.Summary!.find((r) => r[0] === 'Overall score')?.[1]).toBe('4');
    expect(sheets.Respondents![1]![0]).toBe('Avery Stone');
    // The alias of the test's functional role groups the respondent.
    expect(sheets['Role Groups']![1]![0]).toBe('Leaders');

    await app.deps.db
      .updateTable('organizations')
      .set({ anonymizeResults: 1 })
      .where('id', '=', maker.id)
      .execute();
    const hidden = await sheetsOf(
      (await download('assessmentresult/report/byorg/download', body, consultant.token)).rawPayload,
    );
    expect(hidden.Respondents![1]![0]).toBe('Respondent 1');
    const shown = await sheetsOf(
      (await download('assessmentresult/report/byorg/download', body, admin)).rawPayload,
    );
    expect(shown.Respondents![1]![0]).toBe('Avery Stone');
  });

  it("keeps an organization's report and a person's result within reach", async () => {
    const { app, admin, maker, respondent, resultId, download } = await setUp();
    await setRoadmapStatus(app, maker.id, 'CurrentStateReporting');
    const stranger = (await buildFirm(app, admin)).consultant.token;
    expect(
      (
        await download(
          'assessmentresult/report/byorg/download',
          { id: maker.id, assessmentType: 'current' },
          stranger,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await download('assessmentresult/report/byid/download', { id: resultId }, stranger)).statusCode,
    ).toBe(403);

    const mine = await download('assessmentresult/report/byid/download', { id: resultId }, respondent);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toContain('Avery Stone');
    const sheets = await sheetsOf(mine.rawPayload);
    expect(sheets.Summary!.find((r) => r[0] === 'Respondent')?.[1]).toBe('Avery Stone');
    expect(sheets.Answers!.length).toBe(47);
  });
});
