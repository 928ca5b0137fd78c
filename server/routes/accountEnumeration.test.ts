import { afterAll, describe, expect, it } from 'vitest';
import { LookupType, UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { api, buildTestApp, buildUser, testDialects } from '../test/helpers.js';
import { startTestSmtp } from '../test/smtp.js';

/** Issue 13, finding 8: sign-up's user-name answer is rate-limited; forgot answers do not tell accounts apart. */
describe.each(testDialects())('account enumeration on %s', async (dialect) => {
  // A slow mail server: every message takes 2 s to be accepted.
  const smtp = await startTestSmtp({ delayMs: 2000 });
  afterAll(() => smtp.close());
  const appPromise = buildTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://roadmap.example.org' });

  const lookupId = async (type: number, code?: string) => {
    const app = await appPromise;
    return (
      await app.deps.db
        .selectFrom('lookupItems')
        .select('id')
        .where('lookupType', '=', type)
        .$if(code !== undefined, (q) => q.where('code', '=', code!))
        .orderBy('displayOrder')
        .executeTakeFirstOrThrow()
    ).id;
  };

  it('counts sign-ups that only learn a user name is taken against the per-address limit', async () => {
    const app = await appPromise;
    const taken = await buildUser(app, UserGroup.Visitor);
    const body = {
      user: {
        userName: taken.userName,
        fullName: 'Probe',
        email: 'probe@example.com',
        group: { enumValue: UserGroup.ManufacturerChampion },
        organization: {
          name: 'Probe Inc',
          businessType: { id: await lookupId(LookupType.BusinessType, 'job-shop') },
        },
        functionalRole: { id: await lookupId(LookupType.FunctionalRole) },
        state: null,
        referredBy: null,
        referredByOther: 'x',
      },
      host: '',
    };
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/signup',
        payload: body,
        remoteAddress: '10.13.8.1',
      });
      answers.push(res.statusCode);
      if (res.statusCode === 200) expect(res.json().message).toBe(messages.account.userNameTaken);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(20);
    expect(answers.slice(20)).toEqual([429, 429, 429, 429, 429]);
    // Another address is not held back.
    const other = await api(app, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: body,
      remoteAddress: '10.13.8.2',
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers forgot password the same for known and unknown accounts, without waiting for the mail', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Consultant);
    const email = `${user.userName}@example.com`;
    const ask = async (userName: string, address: string) => {
      const started = performance.now();
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/forgotpassword',
        payload: { userName, email: address, host: '' },
        remoteAddress: '10.13.8.3',
      });
      return { status: res.statusCode, body: res.json(), ms: performance.now() - started };
    };
    const known = await ask(user.userName, email);
    const unknown = await ask('nobody-known-here', 'nobody-known-here@example.com');
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ isSuccess: true, message: messages.account.forgotPasswordSent });
    // The SMTP server takes 2 s per mail; the answer does not wait for it.
    expect(known.ms).toBeLessThan(1000);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.links.some((l) => l.startsWith('https://roadmap.example.org/resetpassword/'))).toBe(true);
  });

  it('answers forgot user name the same for known and unknown addresses, without waiting for the mail', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Visitor);
    const email = `${user.userName}@example.com`;
    const ask = async (address: string) => {
      const started = performance.now();
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/forgotUsername',
        payload: { email: address, host: '' },
        remoteAddress: '10.13.8.4',
      });
      return { status: res.statusCode, body: res.json(), ms: performance.now() - started };
    };
    const known = await ask(email);
    const unknown = await ask('nobody-known-either@example.com');
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ isSuccess: true, message: messages.account.forgotUserNameSent });
    expect(known.ms).toBeLessThan(1000);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.body).toContain(user.userName);
  });
});
