import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/database.js';

export type TokenClaims = { userId: number; tokenVersion: number };

/** HS256 session tokens; short-lived and renewed on every authenticated answer (authorization-extend). */
export class TokenService {
  private constructor(
    private readonly key: Uint8Array,
    private readonly ttlMinutes: number,
  ) {}

  /**
   * Without JWT_SECRET the secret is generated once and kept in the database, so every process that
   * shares the database accepts the same tokens and restarts do not log everybody out.
   */
  static async create(db: Db, ttlMinutes: number, configured?: string): Promise<TokenService> {
    let secret = configured;
    if (!secret) {
      await db
        .insertInto('appSettings')
        .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('appSettings')
        .select('value')
        .where('key', '=', 'jwt_secret')
        .executeTakeFirstOrThrow();
      secret = row.value;
    }
    return new TokenService(new TextEncoder().encode(secret), ttlMinutes);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ tv: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlMinutes}m`)
      .sign(this.key);
  }

  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const tokenVersion = Number(payload.tv);
      if (!Number.isInteger(userId) || !Number.isInteger(tokenVersion)) return undefined;
      return { userId, tokenVersion };
    } catch {
      return undefined;
    }
  }
}
