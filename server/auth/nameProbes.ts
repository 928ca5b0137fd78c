import type { Db } from '../db/database.js';
import { SharedCounters } from '../stores/sharedCounterStore.js';
import { AttemptCounter } from './attemptCounter.js';
import type { Actor } from './guard.js';

/** Bounds the 'user name taken' answers one caller gets (a per-user counter). */
export type NameProbeLimit = { isBlocked(): Promise<boolean>; record(): Promise<void> };

/**
 * 'User name taken' answers per non-admin caller, shared by every form that adds people (the user
 * form and the organization form's Manage Users rows, docs/decisions.md#trust-minimum): enough for real work, too few to
 * enumerate the institute's user names. Counted in the database, so it holds across processes.
 * Administrators see every user anyway and are not bounded.
 */
export function nameProbeLimits(db: Db): (actor: Actor) => NameProbeLimit | undefined {
  const counter = new AttemptCounter(new SharedCounters(db), 'user-name-taken', 20, 15 * 60_000);
  return (actor) => {
    if (actor.role === 'admin') return undefined;
    const subject = `user:${actor.userId}`;
    return { isBlocked: () => counter.isBlocked(subject), record: () => counter.record(subject) };
  };
}
