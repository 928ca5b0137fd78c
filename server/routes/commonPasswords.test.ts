import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { api, buildTestApp, buildUser, PASSWORD, testDialects } from '../test/helpers.js';

/** docs/decisions.md#sign-in-passwords (low): the 10,000 most common passwords are refused wherever a password is set. */
describe.each(testDialects())('common passwords on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  it('refuses a common password (also with digits and symbols around it) and accepts an uncommon one', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Visitor);
    for (const common of ['P@ssw0rd', 'Password1!', '!Qwerty2024', 'Sunshine#99']) {
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/changepassword',
        token: user.token,
        payload: { oldPassword: PASSWORD, newPassword: common, confirmPassword: common },
      });
      expect(res.statusCode, common).toBe(400);
      expect(res.json().message).toContain(messages.validation.passwordCommon);
    }
    const forced = await buildUser(app, UserGroup.Visitor, { requireChangePassword: true });
    const onetime = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword/onetime',
      token: forced.token,
      payload: { newPassword: 'Password1!', confirmPassword: 'Password1!' },
    });
    expect(onetime.statusCode).toBe(400);
    expect(onetime.json().message).toContain(messages.validation.passwordCommon);
    const fine = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword',
      token: user.token,
      payload: { oldPassword: PASSWORD, newPassword: 'Heron#Quay2031', confirmPassword: 'Heron#Quay2031' },
    });
    expect(fine.json().isSuccess).toBe(true);
  });
});
