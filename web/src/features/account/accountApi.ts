import { messages } from '@domain/messages';
import type { UserInput } from '@domain/schemas/account';
import type { ProfileView, profileEnvelope, resetLinkEnvelope } from '@domain/schemas/accountView';
import type { LoginData } from '@domain/schemas/auth';
import type { Envelope } from '@domain/schemas/common';
import { queryOptions } from '@tanstack/react-query';
import { api, callerHandlesAllButSession, refusalMessage } from '@web/api/client';
import type { z } from 'zod';

/** Links in the e-mails point back to this site (docs/product.md#calls: host). */
const host = () => window.location.origin;

/** POST auth/signup. Every failure is shown on the page (dialog or alert), so global handling is off. */
export function signupRequest(user: UserInput): Promise<Envelope> {
  return api.post<Envelope>('auth/signup', { user, host: host() }, { skipGlobal: true });
}

/** POST auth/register: accept an e-mailed invite by confirming the user name and setting a password. */
export function registerRequest(body: {
  token: string;
  userName: string;
  password: string;
  confirmPassword: string;
}): Promise<Envelope<LoginData>> {
  return api.post<Envelope<LoginData>>('auth/register', body, { skipGlobal: true });
}

/**
 * POST auth/register/check: does an invite link still work? Answers only yes or no
 * (docs/decisions.md#sign-in-invite-check).
 */
export const registerCheckQuery = (token: string) =>
  queryOptions({
    queryKey: ['account', 'registerCheck', token] as const,
    queryFn: ({ signal }) =>
      api.post<Envelope>('auth/register/check', { token }, { signal, skipGlobal: true }),
    // The answer is about this one link at this moment: check again on each visit.
    gcTime: 0,
    retry: false,
  });

/** POST auth/forgotpassword. */
export function forgotPasswordRequest(body: { userName: string; email: string }): Promise<Envelope> {
  return api.post<Envelope>('auth/forgotpassword', { ...body, host: host() }, { skipGlobal: true });
}

/** POST auth/forgotUsername. */
export function forgotUserNameRequest(body: { email: string }): Promise<Envelope> {
  return api.post<Envelope>('auth/forgotUsername', { ...body, host: host() }, { skipGlobal: true });
}

/** POST auth/resetpassword/init: is the e-mailed link still good? Its data names the account. */
export const resetInitQuery = (token: string) =>
  queryOptions({
    queryKey: ['account', 'resetInit', token] as const,
    queryFn: ({ signal }) =>
      api.post<z.output<typeof resetLinkEnvelope>>(
        'auth/resetpassword/init',
        { token },
        { signal, skipGlobal: true },
      ),
    // The answer is about this one link at this moment: check again on each visit.
    gcTime: 0,
  });

/** POST auth/resetpassword. */
export function resetPasswordRequest(body: {
  token: string;
  userName: string;
  password: string;
  confirmPassword: string;
}): Promise<Envelope<LoginData>> {
  return api.post<Envelope<LoginData>>('auth/resetpassword', body, { skipGlobal: true });
}

/** POST auth/changepassword: a signed-in user proves the current password; answers with a new ticket. */
export function changePasswordRequest(body: {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<Envelope<LoginData>> {
  return api.post<Envelope<LoginData>>('auth/changepassword', body, {
    skipGlobal: callerHandlesAllButSession,
  });
}

/** GET auth/profile: the signed-in user. */
export const profileQuery = queryOptions({
  queryKey: ['account', 'profile'] as const,
  queryFn: ({ signal }) =>
    api.get<ProfileView>('auth/profile', { signal, errorMessage: messages.account.retrieveFailure }),
});

/** POST auth/profile/update: the body is the user (with the current password when the e-mail changes). */
export function updateProfileRequest(
  user: UserInput & { currentPassword?: string },
): Promise<z.output<typeof profileEnvelope>> {
  return api.post<z.output<typeof profileEnvelope>>('auth/profile/update', user, {
    skipGlobal: callerHandlesAllButSession,
  });
}

/**
 * POST auth/confirmemail: confirm an address someone else gave the account (docs/decisions.md#users-email-change). One call per
 * link: the page asks once (StrictMode's second mount shares the query) and never retries.
 */
export const confirmEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['account', 'confirmEmail', token] as const,
    queryFn: () => api.post<Envelope>('auth/confirmemail', { token }, { skipGlobal: true }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Why an e-mailed link's page shows no form, or null while the link still works: the call's refusal,
 * else the check's own message (docs/decisions.md#sign-in-invite-check).
 */
export function linkProblemOf(link: {
  isError: boolean;
  error: unknown;
  data?: { isSuccess: boolean; message?: string | null } | undefined;
}): string | null {
  if (link.isError) return refusalMessage(link.error) ?? messages.login.otherFailure;
  return link.data?.isSuccess ? null : link.data?.message?.trim() || messages.account.linkInvalid;
}
