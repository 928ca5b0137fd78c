import type { ChangePasswordInput, LoginData, LoginInput } from '@domain/schemas/auth';
import type { Envelope } from '@domain/schemas/common';
import { api } from '@web/api/client';

/** POST auth/login. The login page shows every failure itself, so global handling is off. */
export function loginRequest(input: LoginInput): Promise<Envelope<LoginData>> {
  return api.post<Envelope<LoginData>>('auth/login', input, { skipGlobal: true });
}

/** POST auth/changepassword/onetime. A rejected password (400) is shown on the page, the rest globally. */
export function changeOneTimePasswordRequest(input: ChangePasswordInput): Promise<Envelope<LoginData>> {
  return api.post<Envelope<LoginData>>('auth/changepassword/onetime', input, { skipGlobal: ['bad-request'] });
}
