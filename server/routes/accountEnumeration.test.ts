import { afterAll, describe, expect, it } from 'vitest';
import { LookupType, UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { unique } from '../test/factories.js';
import { api, buildTestApp, buildUser, testDialects } from '../test/helpers.js';
import { startTestSmtp } from '../test/smtp.js';

/** docs/decisions.md#sign-in-enumeration, finding 8: sign-up's user-name answer is rate-limited; forgot answers do not tell accounts apart. */
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

  const probeBody = async (userName: string, email = 'probe@example.com') => ({
    user: {
      userName,
      fullName: 'Probe',
      email,
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
  });
  const signUp = async (payload: object, remoteAddress: string) =>
    api(await appPromise, { method: 'POST', url: '/api/auth/signup', payload, remoteAddress });

  it("gives one address 5 'taken' answers an hour, then refuses its sign-ups whatever the name (docs/decisions.md#users-name-probes)", async () => {
    // Regression: 20 'taken' answers per 15 minutes per address, i.e. 1,920 names a day from one place.
    const app = await appPromise;
    const taken = await buildUser(app, UserGroup.Visitor);
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await signUp(await probeBody(taken.userName), '10.13.8.1');
      answers.push(res.statusCode);
      if (res.statusCode === 200) expect(res.json().message).toBe(messages.account.userNameTaken);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Refused before the name is looked at: a free name is refused the same way, so nothing is learnt.
    const free = await signUp(await probeBody(unique('free')), '10.13.8.1');
    expect(free.statusCode).toBe(429);
    expect(free.json().message).toBe(messages.account.tooManyRequests);
    // Another address is not held back.
    const other = await signUp(await probeBody(taken.userName), '10.13.8.2');
    expect(other.json()).toMatchObject({ isSuccess: false, message: messages.account.userNameTaken });
  });

  it("past 50 'taken' answers an hour for everyone, answers a taken name as a sign-up and tells the person by e-mail (docs/decisions.md#users-name-probes)", async () => {
    const app = await buildTestApp(dialect, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://roadmap.example.org',
    });
    const taken = await buildUser(app, UserGroup.Visitor);
    const signUpHere = async (payload: object, remoteAddress: string) =>
      api(app, { method: 'POST', url: '/api/auth/signup', payload, remoteAddress });
    // Many addresses (a botnet), 5 each.
    for (let i = 0; i < 50; i++) {
      const res = await signUpHere(await probeBody(taken.userName), `10.14.${i >> 2}.${i & 3}`);
      expect(res.json()).toMatchObject({ isSuccess: false, message: messages.account.userNameTaken });
    }
    // The 51st: the answer of a sign-up that went through...
    const email = `${unique('late')}@example.com`;
    const late = await signUpHere(await probeBody(taken.userName, email), '10.15.0.1');
    const fresh = await signUpHere(await probeBody(unique('fresh')), '10.15.0.2');
    expect(late.statusCode).toBe(200);
    expect(late.json().isSuccess).toBe(true);
    expect(Object.keys(late.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    // ...and the person who typed it learns by e-mail; no account was made.
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.body).toContain(`The user name ${taken.userName} you chose is already taken`);
    const made = await app.deps.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(made).toHaveLength(0);
  }, 60_000);

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
