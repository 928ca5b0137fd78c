import { describe, expect, it } from 'vitest';
import { AssessmentType, InputType, LookupType, UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';

describe.each(testDialects())('content administration on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  let adminToken: string;
  const call = async (url: string, payload: unknown = {}, token?: string) => {
    const app = await appPromise;
    adminToken ??= await login(app, ADMIN.userName, ADMIN.password);
    return api(app, {
      method: 'POST',
      url: `/api/${url}`,
      payload: payload as object,
      token: token ?? adminToken,
    });
  };
  let n = 0;
  const unique = (s: string) => `${s} ${Date.now().toString(36)}${n++}`;

  describe('lookup items', () => {
    it('narrows the search to one lookup type, and refuses an unknown type', async () => {
      const all = (await call('admin/lookup/search', { skip: 0, take: 10000 })).json();
      const ofType = (
        await call('admin/lookup/search', { lookupType: LookupType.State, skip: 0, take: 10000 })
      ).json();
      expect(ofType.count).toBeGreaterThan(0);
      expect(ofType.count).toBeLessThan(all.count);
      expect(
        ofType.data.every(
          (row: { lookupType: { enumValue: number } }) => row.lookupType.enumValue === LookupType.State,
        ),
      ).toBe(true);
      const searched = (
        await call('admin/lookup/search', {
          query: 'north',
          lookupType: LookupType.State,
          skip: 0,
          take: 100,
        })
      ).json();
      expect(
        searched.data.every(
          (row: { lookupType: { enumValue: number } }) => row.lookupType.enumValue === LookupType.State,
        ),
      ).toBe(true);
      expect((await call('admin/lookup/search', { lookupType: 999 })).statusCode).toBe(400);
    });

    it('adds, finds, updates, copies and deletes (deactivates) an item', async () => {
      const name = unique('Tier 4 Supplier');
      const added = await call('admin/lookup/add', {
        Name: name,
        LookupType: { enumValue: LookupType.ValueChainRole },
        DisplayOrder: '12',
      });
      expect(added.json()).toMatchObject({ isSuccess: true, message: messages.admin.saved });
      const id = added.json().data.id as number;
      const item = (await call('admin/lookup/getbyid', { id })).json();
      expect(item).toMatchObject({
        id,
        name,
        lookupType: { enumValue: LookupType.ValueChainRole, name: 'Value Chain Role' },
        displayOrder: 12,
        isActive: true,
        isSystem: false,
      });
      expect(item.code).toMatch(/^tier-4-supplier/);

      const found = (
        await call('admin/lookup/search', { query: name.toUpperCase(), skip: 0, take: 12 })
      ).json();
      expect(found).toEqual({ data: [expect.objectContaining({ id })], count: 1 });
      const byType = (await call('admin/lookup/search', { query: 'value chain', skip: 0, take: 100 })).json();
      expect(byType.count).toBeGreaterThanOrEqual(9);

      expect(
        (await call('admin/lookup/update', { ...item, name: `${name}!`, displayOrder: 3 })).json().isSuccess,
      ).toBe(true);
      expect((await call('admin/lookup/getbyid', { id })).json()).toMatchObject({
        name: `${name}!`,
        displayOrder: 3,
      });
      expect((await call('admin/lookup/copy', { id })).json()).toMatchObject({
        id: null,
        code: null,
        name: `${name}! (Copy)`,
      });

      expect((await call('admin/lookup/delete', { id })).json()).toEqual({
        isSuccess: true,
        message: messages.admin.deleted,
      });
      expect((await call('admin/lookup/getbyid', { id })).json().isActive).toBe(false);
      const all = (
        await (await appPromise).inject({ method: 'GET', url: '/api/admin/lookup/getall' })
      ).json() as { id: number }[];
      expect(all.some((i) => i.id === id)).toBe(false);
    });

    it('refuses a duplicate name, bad display orders and missing fields, and changes nothing', async () => {
      const name = unique('Duplicate');
      await call('admin/lookup/add', { name, lookupType: LookupType.Division });
      const dup = await call('admin/lookup/add', {
        name: name.toLowerCase(),
        lookupType: LookupType.Division,
      });
      expect(dup.json()).toEqual({ isSuccess: false, message: messages.admin.lookupNameTaken });
      for (const displayOrder of ['-1', '1.5', 'abc', '0']) {
        const res = await call('admin/lookup/add', {
          name: unique('x'),
          lookupType: LookupType.Division,
          displayOrder,
        });
        expect(res.statusCode, displayOrder).toBe(400);
        expect(res.json().message).toContain(messages.validation.positiveInteger);
      }
      const missing = await call('admin/lookup/add', { name: '  ', lookupType: -1 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/name: Required; lookupType: Required/);
      const count = (await call('admin/lookup/search', { query: name, skip: 0, take: 10 })).json().count;
      expect(count).toBe(1);
    });

    it('keeps the lookups the program relies on', async () => {
      const app = await appPromise;
      const group = await app.deps.db
        .selectFrom('lookupItems')
        .selectAll()
        .where('lookupType', '=', LookupType.UserGroup)
        .where('code', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect((await call('admin/lookup/delete', { id: group.id })).json()).toEqual({
        isSuccess: false,
        message: messages.admin.lookupIsSystem,
      });
      const retyped = await call('admin/lookup/update', {
        id: group.id,
        name: 'Administrators',
        lookupType: LookupType.Division,
      });
      expect(retyped.json().isSuccess).toBe(false);
      const renamed = await call('admin/lookup/update', {
        id: group.id,
        name: 'Administrator',
        lookupType: LookupType.UserGroup,
        code: 'other',
      });
      expect(renamed.json().isSuccess).toBe(false);
      expect(
        (
          await call('admin/lookup/update', {
            id: group.id,
            name: 'Administrator',
            lookupType: LookupType.UserGroup,
          })
        ).json().isSuccess,
      ).toBe(true);
      expect((await call('admin/lookup/getbyid', { id: group.id })).json()).toMatchObject({
        name: 'Administrator',
        code: 'admin',
      });
    });

    it('answers 404 for an unknown id, 403 for non-admins, 401 without a token', async () => {
      const app = await appPromise;
      expect((await call('admin/lookup/getbyid', { id: 987654 })).statusCode).toBe(404);
      const consultant = await buildUser(app, UserGroup.Consultant);
      for (const url of [
        'admin/lookup/search',
        'admin/lookup/add',
        'admin/section/search',
        'admin/question/add',
        'admin/question/delete',
      ]) {
        expect((await call(url, { id: 1 }, consultant.token)).statusCode, url).toBe(403);
      }
      expect(
        (await api(app, { method: 'POST', url: '/api/admin/lookup/search', payload: {} })).statusCode,
      ).toBe(401);
      const types = (await call('admin/lookup/types/all', { id: 0 })).json();
      expect(types).toContainEqual({ enumValue: LookupType.State, name: 'State' });
    });
  });

  describe('sections and questions', () => {
    const newSection = async () => {
      const code = unique('practice').replace(/\s+/g, '-').toLowerCase();
      const res = await call('admin/section/add', {
        caption: 'Data and Analytics',
        code,
        displayOrder: '50',
        captionPrevious: 'Go Back',
        captionNext: 'Continue',
        description:
          '<h2>How you use data</h2><script>alert(1)</script><p onclick="x()">Decisions</p><a href="javascript:alert(1)">x</a>',
        helpContent: '<p>Help <img src="data:image/png;base64,iVBORw0KGgo=" onerror="alert(1)"></p>',
        helpContentVideo: '<iframe src="https://www.youtube.com/embed/abc" onload="x()"></iframe>',
      });
      expect(res.json()).toMatchObject({ isSuccess: true, message: messages.admin.saved });
      return { id: res.json().data.id as number, code };
    };

    it('sanitises rich HTML on save', async () => {
      const { id } = await newSection();
      const section = (await call('admin/section/getbyid', { id })).json();
      expect(section.description).toBe('<h2>How you use data</h2><p>Decisions</p><a>x</a>');
      expect(section.helpContent).toBe('<p>Help <img src="data:image/png;base64,iVBORw0KGgo=" /></p>');
      expect(section.helpContentVideo).toBe('<iframe src="https://www.youtube.com/embed/abc"></iframe>');
      const evil = await call('admin/section/update', {
        ...section,
        helpContentVideo: '<iframe src="https://evil.example/x"></iframe>',
      });
      expect(evil.json().isSuccess).toBe(true);
      expect((await call('admin/section/getbyid', { id })).json().helpContentVideo).toBeNull();
    });

    it('refuses a duplicate section code and invalid fields', async () => {
      const { code } = await newSection();
      expect((await call('admin/section/add', { caption: 'X', code, displayOrder: 1 })).json()).toEqual({
        isSuccess: false,
        message: messages.admin.sectionCodeTaken,
      });
      const bad = await call('admin/section/add', { caption: '', code: 'Has Spaces', displayOrder: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/caption: Required/);
      const reserved = await call('admin/section/add', {
        caption: 'X',
        code: 'demographics',
        displayOrder: 1,
      });
      expect(reserved.statusCode).toBe(400);
      expect(reserved.json().message).toMatch(/names a step of the assessment pages/);
    });

    it('saves a question with choices, copies it, deactivates a choice, and the assessment shows it', async () => {
      const section = await newSection();
      const question = {
        caption: unique('How are production data collected?'),
        displayOrder: '1',
        section: { id: section.id },
        inputType: InputType.RadioButton,
        isRequired: true,
        skipScore: false,
        includeOtherChoice: false,
        choices: [
          { id: '-1', caption: 'On paper', displayOrder: '1', scoreValue: '1' },
          { id: '-2', caption: 'In spreadsheets', displayOrder: '2', scoreValue: '+2.5' },
          { id: '-3', caption: 'Automatically from machines', displayOrder: '3', scoreValue: '5' },
        ],
      };
      const added = await call('admin/question/add', question);
      expect(added.json()).toMatchObject({ isSuccess: true, message: messages.admin.saved });
      const id = added.json().data.id as number;
      const saved = (await call('admin/question/getbyid', { id })).json();
      expect(
        saved.choices.map((c: { caption: string; scoreValue: number }) => [c.caption, c.scoreValue]),
      ).toEqual([
        ['On paper', 1],
        ['In spreadsheets', 2.5],
        ['Automatically from machines', 5],
      ]);
      expect(saved.section).toMatchObject({ id: section.id, caption: 'Data and Analytics' });

      const copy = (await call('admin/question/copy', { id })).json();
      expect(copy.id).toBeNull();
      expect(copy.choices.map((c: { id: string }) => c.id)).toEqual(['-1', '-2', '-3']);
      const copied = await call('admin/question/add', copy);
      const copyId = copied.json().data.id as number;
      const copySaved = (await call('admin/question/getbyid', { id: copyId })).json();
      copySaved.choices[1].isActive = false;
      expect((await call('admin/question/update', copySaved)).json().isSuccess).toBe(true);
      const afterDeactivate = (await call('admin/question/getbyid', { id: copyId })).json();
      expect(afterDeactivate.choices).toHaveLength(3);
      expect(afterDeactivate.choices[1].isActive).toBe(false);

      // Every assessment shows the new section and questions, without the deactivated choice.
      const criteria = (await call('assessment/bycode', { query: 'current-state' })).json();
      const shown = criteria.sections.find((s: { code: string }) => s.code === section.code);
      const shownCopy = shown.questions.find((q: { id: number }) => q.id === copyId);
      expect(shownCopy.choices.map((c: { caption: string }) => c.caption)).toEqual([
        'On paper',
        'Automatically from machines',
      ]);
      expect(shownCopy.choices[0].scoreValue).toBeUndefined();

      // Deactivating the question takes it out of assessments but keeps it for past results.
      expect((await call('admin/question/delete', { id: copyId })).json()).toEqual({
        isSuccess: true,
        message: messages.admin.deactivated,
      });
      const later = (await call('assessment/bycode', { query: 'trial' })).json();
      const laterSection = later.sections.find((s: { code: string }) => s.code === section.code);
      expect(laterSection.questions.map((q: { id: number }) => q.id)).toEqual([id]);
      expect((await call('admin/question/getbyid', { id: copyId })).json().isActive).toBe(false);
    });

    it("refuses choice questions without choices, bad scores and orders, and another question's choice", async () => {
      const section = await newSection();
      const base = {
        caption: 'Q',
        displayOrder: 1,
        section: { id: section.id },
        inputType: InputType.CheckboxList,
      };
      const none = await call('admin/question/add', { ...base, choices: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toContain(messages.admin.atLeastOneChoice);
      const onlyInactive = await call('admin/question/add', {
        ...base,
        choices: [{ id: '-1', caption: 'a', isActive: false }],
      });
      expect(onlyInactive.json().message).toContain(messages.admin.atLeastOneChoice);
      const badScore = await call('admin/question/add', {
        ...base,
        choices: [{ id: '-1', caption: 'a', scoreValue: '1.2.3' }],
      });
      expect(badScore.statusCode).toBe(400);
      const badOrder = await call('admin/question/add', {
        ...base,
        displayOrder: '1a',
        choices: [{ id: '-1', caption: 'a' }],
      });
      expect(badOrder.json().message).toContain(messages.validation.positiveInteger);
      const noSection = await call('admin/question/add', {
        ...base,
        section: null,
        inputType: -1,
        choices: [],
      });
      expect(noSection.json().message).toMatch(/section: Required; inputType: Required/);

      const first = (
        await call('admin/question/add', { ...base, choices: [{ id: '-1', caption: 'a' }] })
      ).json().data.id;
      const firstChoice = (await call('admin/question/getbyid', { id: first })).json().choices[0].id;
      const second = (
        await call('admin/question/add', { ...base, choices: [{ id: '-1', caption: 'b' }] })
      ).json().data.id;
      const secondQuestion = (await call('admin/question/getbyid', { id: second })).json();
      const stolen = await call('admin/question/update', {
        ...secondQuestion,
        caption: 'changed',
        choices: [{ id: firstChoice, caption: 'mine now' }],
      });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().message).toBe(messages.admin.choiceNotOfQuestion);
      // Nothing of the refused save stuck.
      expect((await call('admin/question/getbyid', { id: second })).json().caption).toBe('Q');
      expect((await call('admin/question/getbyid', { id: first })).json().choices[0].caption).toBe('a');
    });

    it('drops scores when Omit Score is ticked and adds the Other choice when asked', async () => {
      const section = await newSection();
      const res = await call('admin/question/add', {
        caption: 'Which systems do you use?',
        displayOrder: 2,
        section: { id: section.id },
        inputType: InputType.RadioButton,
        skipScore: true,
        includeOtherChoice: true,
        choices: [{ id: '-1', caption: 'ERP', scoreValue: 3 }],
      });
      const q = (await call('admin/question/getbyid', { id: res.json().data.id })).json();
      expect(q.skipScore).toBe(true);
      expect(q.choices).toEqual([
        expect.objectContaining({ caption: 'ERP', scoreValue: null, isOtherChoice: false }),
        expect.objectContaining({ caption: 'Other', isOtherChoice: true }),
      ]);
    });

    it('lists every item when the search is empty or absent', async () => {
      for (const url of ['admin/lookup/search', 'admin/section/search', 'admin/question/search']) {
        for (const body of [{}, { query: '', skip: 0, take: 12 }, { query: null }]) {
          const res = await call(url, body);
          expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(200);
          expect(res.json().count).toBeGreaterThan(0);
        }
      }
    });

    it('pages through questions with the total count', async () => {
      const section = await newSection();
      const stamp = unique('paged');
      for (let i = 1; i <= 30; i++) {
        await call('admin/question/add', {
          caption: `${stamp} ${i}`,
          displayOrder: i,
          section: { id: section.id },
          inputType: InputType.Textbox,
        });
      }
      const page2 = (await call('admin/question/search', { query: stamp, skip: 24, take: 24 })).json();
      expect(page2.count).toBe(30);
      expect(page2.data.map((q: { caption: string }) => q.caption)).toEqual(
        [25, 26, 27, 28, 29, 30].map((i) => `${stamp} ${i}`),
      );
      const sections = (await call('admin/question/sections/all', { id: 0 })).json();
      expect(sections).toContainEqual({
        id: section.id,
        caption: 'Data and Analytics',
        name: 'Data and Analytics',
        isActive: true,
      });
    });

    it('lets only the right roles open an assessment', async () => {
      const app = await appPromise;
      const visitor = await buildUser(app, UserGroup.Visitor);
      expect((await call('assessment/bycode', { query: 'trial' }, visitor.token)).statusCode).toBe(200);
      expect((await call('assessment/bycode', { query: 'current-state' }, visitor.token)).statusCode).toBe(
        403,
      );
      expect((await call('assessment/bycode', { query: 'no-such' }, visitor.token)).statusCode).toBe(404);
      const criteria = (await call('assessment/bycode', { query: 'future-state' })).json();
      expect(criteria).toMatchObject({ code: 'future-state', assessmentType: AssessmentType.FutureState });
    });
  });
});
