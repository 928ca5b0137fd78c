import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/database.js';
import { userTokenStore } from '../stores/userTokenStore.js';

/** 'email' confirms an address someone else gave the user (docs/decisions.md#users-email-change, finding 3). */
export type TokenPurpose = 'reset' | 'invite' | 'email';

/** How long an e-mailed link works (docs/decisions.md#sign-in-links). */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset: 60 * 60 * 1000,
  invite: 14 * 24 * 60 * 60 * 1000,
  email: 24 * 60 * 60 * 1000,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Reset and invite tokens: random, stored only as SHA-256 hashes (a leaked database holds no usable
 * link), single use, expiring, and all voided when the password changes; a newer invite or reset link
 * leaves the older ones working.
 */
export const userTokens = {
  async issue(db: Executor, userId: number, purpose: TokenPurpose): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    // Every invite and reset link a person was sent works until it expires or is used (docs/decisions.md#sign-in-links): a
    // saved organization sends one invite e-mail per assessment, and the first must not die with the
    // second. Setting a password (setPassword) voids them all. Only an address confirmation is replaced
    // by the next one: each names another address, and only the latest may be confirmed.
    if (purpose === 'email') await userTokenStore.voidLive(db, userId, purpose);
    await userTokenStore.insert(db, {
      userId,
      purpose,
      tokenHash: hashOf(token),
      expiresAt: new Date(now + TOKEN_LIFETIME_MS[purpose]).toISOString(),
      createdAt: new Date(now).toISOString(),
    });
    return token;
  },

  /** The user a live token belongs to, without using it up. */
  peek(db: Executor, token: string, purpose: TokenPurpose): Promise<number | undefined> {
    return userTokenStore.liveUserOf(db, hashOf(token), purpose);
  },

  /** Uses a live token up; answers its user, or undefined when it is unknown, used or expired. */
  async consume(db: Executor, token: string, purpose: TokenPurpose): Promise<number | undefined> {
    const userId = await userTokens.peek(db, token, purpose);
    if (userId === undefined) return undefined;
    // Two requests racing with one token: only the one that marked it used goes on.
    return (await userTokenStore.markUsed(db, hashOf(token))) ? userId : undefined;
  },

  voidAll(db: Executor, userId: number) {
    return userTokenStore.voidLive(db, userId);
  },
};
