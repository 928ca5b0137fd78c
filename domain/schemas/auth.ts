import { z } from 'zod';
import { messages } from '../messages.js';
import { contextualPasswordProblem, type PasswordContext, passwordProblem } from '../rules/passwords.js';
import { profileView } from './accountView.js';
import { envelopeOf } from './answers.js';
import { requiredText } from './common.js';

export const loginSchema = z.object({
  userName: requiredText(100),
  password: z.string({ error: messages.validation.required }).min(1, messages.validation.required).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A session: the bearer token and the signed-in user (auth/login, and every call that signs in). */
export const loginDataView = z.object({ token: z.string(), user: profileView });
export type LoginData = z.output<typeof loginDataView>;
/** The answer of a call that signs in: the session in data, unless refused. */
export const sessionEnvelope = envelopeOf(loginDataView);

/** What the browser keeps (docs/product.md#codes-entities). */
export type AuthTicket = LoginData;

/** A new password that meets the rules of docs/product.md#rules-validation. */
export const newPasswordSchema = z
  .string({ error: messages.validation.required })
  .min(1, messages.validation.required)
  .max(200)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Password change payload (docs/product.md#codes): newPassword and confirmPassword, which must match. */
export const changePasswordSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z
      .string({ error: messages.validation.required })
      .min(1, messages.validation.required)
      .max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.validation.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * A password form that knows whose password it sets refuses context-specific passwords too (docs/decisions.md#sign-in-passwords),
 * under the new password field; the server refuses them on every path anyway (passwordChange.ts).
 */
export function refuseContextualPassword<T extends { newPassword: string }>(
  context: (value: T) => PasswordContext,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const problem = contextualPasswordProblem(value.newPassword, context(value));
    if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
  };
}

export const clientLogSchema = z.object({
  message: z.string().max(8000).default(''),
  url: z.string().max(2000).nullish(),
});
