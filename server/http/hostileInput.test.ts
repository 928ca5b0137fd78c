import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { PUBLIC_CALLS_PER_MINUTE, TOO_COMPLEX } from './bodyLimits.js';

// docs/decisions.md#sign-in-sessions: hostile input from anyone, before any session, answers 400 or a normal answer, never 500.
describe.each(testDialects())('hostile input on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  const PROTOTYPE_KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype'];
  const PUBLIC_POSTS = [
    '/api/auth/login',
    '/api/auth/signup',
    '/api/auth/forgotpassword',
    '/api/auth/forgotusername',
    '/api/system/log/public',
  ];

  it('prototype keys in JSON bodies, at the top and nested, never give a 500', async () => {
    const app = await appPromise;
    for (const url of PUBLIC_POSTS) {
      for (const key of PROTOTYPE_KEYS) {
        const payload = `{"${key}":1,"userName":"a","password":"b","user":{"${key}":{"${key}":[]}}}`;
        const res = await api(app, {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${url} ${key}`).toBeLessThan(500);
        expect(typeof res.json().message, `${url} ${key}`).toBe('string');
      }
    }
  });

  it('prototype keys in query strings never give a 500', async () => {
    const app = await appPromise;
    for (const key of PROTOTYPE_KEYS) {
      const res = await api(app, { method: 'GET', url: `/api/admin/lookup/getall?${key}=1&${key}=2` });
      expect(res.statusCode, key).toBeLessThan(500);
    }
  });

  // docs/decisions.md#trust (low): admin/user/search/constructor answered 500. Every route with a path parameter.
  it('prototype keys in path parameters answer 400 or 404, never 500', async () => {
    const app = await appPromise;
    const token = await login(app, ADMIN.userName, ADMIN.password);
    const withParams = app.apiRoutes.filter((r) => r.url.includes('/:'));
    expect(withParams.length).toBeGreaterThan(1);
    for (const route of withParams) {
      for (const key of PROTOTYPE_KEYS) {
        const url = route.url.replace(/:[A-Za-z]+/g, key);
        for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
          const res = await api(app, {
            method: method as 'GET' | 'POST',
            url,
            token,
            ...(method === 'GET' ? {} : { payload: {} }),
          });
          expect([400, 404], `${method} ${url}`).toContain(res.statusCode);
        }
      }
    }
  });

  // Finding 7: bodies are small except where rich text with images is saved, and capped in shape.
  describe('body size and shape', () => {
    let adminToken: string;
    const asAdmin = async (url: string, payload: string) => {
      const app = await appPromise;
      adminToken ??= await login(app, ADMIN.userName, ADMIN.password);
      return api(app, {
        method: 'POST',
        url,
        token: adminToken,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    };
    let n = 0;
    const section = (extra: Record<string, unknown> = {}) => ({
      caption: 'Body limits',
      code: `limits-${Date.now().toString(36)}-${n++}`,
      displayOrder: 90,
      ...extra,
    });
    const manyKeys = (count: number) => `{${Array.from({ length: count }, (_, i) => `"k${i}":0`).join(',')}}`;

    it('a 1 MiB body to auth/login is refused quickly, before any work', async () => {
      const app = await appPromise;
      const started = performance.now();
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"userName":"admin","password":"${'x'.repeat(1024 * 1024)}"}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is too large.');
      expect(performance.now() - started).toBeLessThan(1000);
    });

    it('public and ordinary routes take small bodies only', async () => {
      const app = await appPromise;
      const payload = JSON.stringify({ email: 'a@example.org', padding: 'x'.repeat(100 * 1024) });
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/forgotpassword',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is too large.');
      const lookup = await asAdmin(
        '/api/admin/lookup/search',
        JSON.stringify({ query: 'x'.repeat(200 * 1024) }),
      );
      expect(lookup.statusCode).toBe(400);
      expect(lookup.json().message).toBe('The request body is too large.');
    });

    it('a wide JSON body (many keys) is refused with 400', async () => {
      const body = JSON.stringify(section()).replace(/^\{/, `{"extra":${manyKeys(60_000)},`);
      const res = await asAdmin('/api/admin/section/add', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body has too many keys or is nested too deeply.');
    });

    it('a deeply nested JSON body is refused with 400', async () => {
      const deep = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`;
      const body = JSON.stringify(section()).replace(/^\{/, `{"extra":${deep},`);
      const res = await asAdmin('/api/admin/section/add', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body has too many keys or is nested too deeply.');
      const deepArray = await api(await appPromise, {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      });
      expect(deepArray.statusCode).toBe(400);
    });

    // docs/decisions.md#http-body-limits, finding 7: a signed-in caller's 4 MiB of 500,000 keys cost a second of CPU each.
    const hostileKeys = () => {
      const keys = `{${Array.from({ length: 500_000 }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;
      // Under the 5 MiB these routes used to take: the finding's bodies were parsed whole.
      expect(keys.length).toBeGreaterThan(4 * 1024 * 1024);
      expect(keys.length).toBeLessThan(5 * 1024 * 1024 - 100);
      return keys;
    };
    const RESULT_ROUTES = [
      { url: '/api/assessmentresult/add', wrap: (v: string) => `{"assessmentResult":${v}}` },
      { url: '/api/assessmentresult/overwrite', wrap: (v: string) => `{"assessmentResult":${v}}` },
      { url: '/api/assessmentdraft/save', wrap: (v: string) => `{"code":"trial","criteria":${v}}` },
    ];

    it('4 MiB of 500,000 keys to a submission, retake or draft save is refused as too large', async () => {
      const app = await appPromise;
      const visitor = await buildUser(app, UserGroup.Visitor);
      const keys = hostileKeys();
      for (const { url, wrap } of RESULT_ROUTES) {
        const res = await api(app, {
          method: 'POST',
          url,
          token: visitor.token,
          headers: { 'content-type': 'application/json' },
          payload: wrap(keys),
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toBe('The request body is too large.');
      }
    });

    it('too many keys are refused from the raw text, before it is parsed', async () => {
      const app = await appPromise;
      const visitor = await buildUser(app, UserGroup.Visitor);
      // Within the size limit, too many keys, and not JSON at its end: refused for its keys, so the
      // text was never handed to the parser (which would have said 'not valid JSON').
      const broken = `${manyKeys(60_000).slice(0, -1)},"tail":`;
      for (const { url, wrap } of RESULT_ROUTES) {
        const res = await api(app, {
          method: 'POST',
          url,
          token: visitor.token,
          headers: { 'content-type': 'application/json' },
          payload: wrap(broken),
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toBe(TOO_COMPLEX);
      }
      const deep = await asAdmin('/api/admin/section/add', `{"a":${'['.repeat(100)}`);
      expect(deep.json().message).toBe(TOO_COMPLEX);
    });

    it('the largest legitimate result and draft still pass, with room to spare', async () => {
      const app = await appPromise;
      const visitor = await buildUser(app, UserGroup.Visitor);
      const criteria = (
        await api(app, {
          method: 'POST',
          url: '/api/assessment/bycode',
          token: visitor.token,
          payload: { query: 'trial' },
        })
      ).json();
      // The draft: every question with every choice selected, the criteria sent back whole.
      const draft = structuredClone(criteria);
      for (const section of draft.sections)
        for (const q of section.questions) {
          q.value = q.choices.map((c: { id: number }) => c.id);
          for (const c of q.choices) c.selected = true;
        }
      const draftBody = JSON.stringify({ code: 'trial', criteria: draft });
      expect(draftBody.length).toBeGreaterThan(64 * 1024);
      const saved = await api(app, {
        method: 'POST',
        url: '/api/assessmentdraft/save',
        token: visitor.token,
        headers: { 'content-type': 'application/json' },
        payload: draftBody,
      });
      expect(saved.json()).toMatchObject({ isSuccess: true });
      // The result, answered, sent back whole and four times the seeded size (rich text an admin added).
      const start = new Date().toISOString();
      const result = { ...structuredClone(criteria), startDateTime: start, completionDateTime: start };
      for (const section of result.sections)
        for (const q of section.questions) {
          q.value = q.choices[0].id;
          q.choices[0].selected = true;
        }
      const seeded = JSON.stringify({ assessmentResult: result }).length;
      result.sections[0].description = `<p>${'x'.repeat(3 * seeded)}</p>`;
      const submitted = await api(app, {
        method: 'POST',
        url: '/api/assessmentresult/add',
        token: visitor.token,
        payload: { assessmentResult: result },
      });
      expect(submitted.json()).toMatchObject({ isSuccess: true });
    });

    it('a section whose rich text carries images (a 2.8 MiB body) still saves', async () => {
      // Each rich-text field holds at most 2,000,000 characters (domain/schemas/content.ts).
      const image = `<p><img src="data:image/png;base64,${'A'.repeat(1.4 * 1024 * 1024)}" /></p>`;
      const body = JSON.stringify(section({ helpContent: image, description: image }));
      expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
      const res = await asAdmin('/api/admin/section/add', body);
      expect(res.json()).toMatchObject({ isSuccess: true });
    });
  });

  const loginFrom = async (app: Awaited<typeof appPromise>, remoteAddress: string) => {
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: ADMIN.userName, password: ADMIN.password },
      remoteAddress,
    });
    return res.json().data.token as string;
  };

  it('public calls are limited per address before the body is read', async () => {
    const app = await buildTestApp(dialect);
    const junk = () =>
      api(app, {
        method: 'POST',
        url: '/api/auth/forgotusername',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
        remoteAddress: '198.51.100.7',
      });
    for (let i = 0; i < PUBLIC_CALLS_PER_MINUTE; i++) expect((await junk()).statusCode).toBe(400);
    // Over the limit the body is not even parsed: 429, not 'not valid JSON'.
    const over = await junk();
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/Too many requests/);
    // A signed-in caller from the same address is not counted: public lookups serve every form.
    const refusedLogin = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: ADMIN.userName, password: ADMIN.password },
      remoteAddress: '198.51.100.7',
    });
    expect(refusedLogin.statusCode).toBe(429);
    const signedIn = await api(app, {
      method: 'GET',
      url: '/api/admin/lookup/getall',
      remoteAddress: '198.51.100.7',
      token: await loginFrom(app, '198.51.100.9'),
    });
    expect(signedIn.statusCode).toBe(200);
    // Another address is not affected.
    const other = await api(app, {
      method: 'GET',
      url: '/api/admin/lookup/getall',
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(200);
  });
});
