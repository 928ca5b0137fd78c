import { z } from 'zod';
import { type UserView, userViewSchema } from '../../domain/schemas/user.js';
import type { UserDetailRow } from '../db/rows.js';
import { jsonBytes, preserialized } from '../http/preserialized.js';
import { presentUser } from '../presenters/user.js';

/** Per kept row, its answers by the presenter's options. */
const kept = new WeakMap<UserDetailRow, Map<string, Buffer>>();

/**
 * A user's view as the route's serializer writes it (zod's encode, then JSON.stringify), kept beside
 * the row it was made from while that row is kept: the session cache's rows are frozen and replaced,
 * never changed, so the same row always makes the same bytes, and the bytes go with the row. A row
 * read afresh (not frozen) is presented each time.
 */
export function userViewBytes(row: UserDetailRow, options: { admin: boolean; self?: boolean }): UserView {
  const make = () => jsonBytes(z.encode(userViewSchema, presentUser(row, options)));
  if (!Object.isFrozen(row)) return preserialized<UserView>(make());
  const key = `${options.admin ? 'a' : ''}${options.self ? 's' : ''}`;
  let answers = kept.get(row);
  if (!answers) {
    answers = new Map();
    kept.set(row, answers);
  }
  let bytes = answers.get(key);
  if (!bytes) {
    bytes = make();
    answers.set(key, bytes);
  }
  return preserialized<UserView>(bytes);
}
