import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../db/database.js';
import { passcodeStore } from '../stores/passcodeStore.js';

/** How long a passcode works, and how many failed sign-ins it survives (docs/decisions.md#sign-in-passcodes). */
export const PASSCODE_LIFETIME_MS = 10 * 60_000;
export const PASSCODE_MAX_ATTEMPTS = 5;

// No 0/O, 1/I/L: a passcode is read out or copied by hand. 31^10 is about 2^49.5 codes.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 10;

/** What a person typed, as the code was issued: upper case, without spaces or dashes. */
const normalize = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();
/** Salted with the user, so one table of hashes serves nobody for another account. */
const hashOf = (userId: number, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normalize(code)}`)
    .digest('hex');

/**
 * One-time passcodes an administrator gives a person who cannot sign in: short enough to type, random,
 * stored only as hashes, single use, expiring after 10 minutes and dead after 5 failed sign-ins.
 */
export const oneTimePasscodes = {
  async issue(db: Executor, userId: number, createdBy: number): Promise<string> {
    const code = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    const now = Date.now();
    // Only the latest passcode works.
    await passcodeStore.voidLive(db, userId, new Date(now).toISOString());
    await passcodeStore.insert(db, {
      userId,
      codeHash: hashOf(userId, code),
      expiresAt: new Date(now + PASSCODE_LIFETIME_MS).toISOString(),
      createdAt: new Date(now).toISOString(),
      createdBy,
    });
    return code;
  },

  /**
   * Signs in with a passcode: when the user's live passcode matches, uses it up and answers true. Every
   * sign-in that reaches here while a passcode is live uses one of its tries (a wrong password and a
   * wrong passcode cannot be told apart); the right code on the last try still works.
   */
  async consume(db: Executor, userId: number, typed: string): Promise<boolean> {
    const live = await passcodeStore.live(db, userId, PASSCODE_MAX_ATTEMPTS);
    if (!live) return false;
    // The try is counted before the comparison, so parallel guesses cannot share one try.
    if (!(await passcodeStore.countTry(db, live.id, PASSCODE_MAX_ATTEMPTS))) return false;
    if (!timingSafeEqual(Buffer.from(live.codeHash), Buffer.from(hashOf(userId, typed)))) return false;
    // Two sign-ins racing with one passcode: only the one that marked it used goes on.
    return passcodeStore.markUsed(db, live.id);
  },

  voidAll(db: Executor, userId: number) {
    return passcodeStore.voidLive(db, userId);
  },
};
