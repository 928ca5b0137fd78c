import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PostgresAdapter } from 'kysely';
import type { Db } from '../db/database.js';
import { tokenSecretStore } from '../stores/tokenSecretStore.js';
import { signHs256, verifyHs256 } from './hs256.js';

export type TokenClaims = {
  userId: number;
  tokenVersion: number;
  /** When the session began (seconds since the epoch): set at sign-in, kept by every renewal. */
  authTime?: number;
};

/** Who issues the session tokens, and the API they are meant for (iss and aud, checked on every call). */
export const TOKEN_ISSUER = 'sm-roadmap';
export const TOKEN_AUDIENCE = 'sm-roadmap-api';
/** However often a session is renewed, it ends this long after sign-in (the absolute lifetime). */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The generated secret's file name in DATA_DIR (SQLite without JWT_SECRET). */
export const SECRET_FILE = 'jwt_secret';
const newSecret = () => randomBytes(48).toString('base64url');

/**
 * The SQLite secret in its file: an existing file wins (its mode is set back to 0600); otherwise the
 * secret an older version kept in app_settings, or a new one, is written (exclusively, so two starts
 * never write two). The table's copy is deleted only once the file holds the secret.
 */
async function secretInFile(db: Db, file: string): Promise<string> {
  const read = () => fs.readFileSync(file, 'utf8').trim();
  if (!fs.existsSync(file)) {
    const stored = await tokenSecretStore.read(db);
    try {
      fs.writeFileSync(file, `${stored ?? newSecret()}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  fs.chmodSync(file, 0o600);
  const secret = read();
  if (secret.length < 32) throw new Error(`${file}: the token-signing secret must be at least 32 characters`);
  await tokenSecretStore.remove(db);
  return secret;
}

let warned = false;
function warnStoredSecretOnce() {
  if (warned) return;
  warned = true;
  process.emitWarning(
    'No JWT_SECRET or JWT_SECRET_FILE: the token-signing secret is generated once and kept in the database (app_settings). Set JWT_SECRET or JWT_SECRET_FILE for PostgreSQL (docs/operations.md).',
    { code: 'SMR_JWT_SECRET_IN_DATABASE' },
  );
}

/**
 * HS256 session tokens: short-lived (the inactivity lifetime) and renewed on every authenticated
 * answer (authorization-extend), but never past SESSION_MAX_SECONDS after the sign-in that began the
 * session: its time travels in the token as `auth_time` and renewals keep it.
 */
export class TokenService {
  private constructor(
    private readonly key: KeyObject,
    private readonly ttlMinutes: number,
  ) {}

  /**
   * The secret comes from JWT_SECRET or JWT_SECRET_FILE; then no copy is kept anywhere else (an earlier
   * generated one is removed from the database). Without one, the embedded default (SQLite) generates
   * a secret once and keeps it in `$DATA_DIR/jwt_secret`, readable by the owner only (0600), never in a
   * table (docs/decisions.md#sign-in-secret): a copied database file holds no key to forge sessions with. A secret an older
   * version kept in the database moves to the file on start, so sessions survive the upgrade.
   * PostgreSQL keeps it in the database, so that every process sharing the database accepts the same
   * tokens, but warns: there the secret belongs in the environment, not next to the data it protects.
   */
  static async create(
    db: Db,
    ttlMinutes: number,
    configured?: string,
    dataDir?: string,
  ): Promise<TokenService> {
    if (configured) {
      await tokenSecretStore.remove(db);
      return new TokenService(createSecretKey(Buffer.from(configured)), ttlMinutes);
    }
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (!postgres && dataDir) {
      const secret = await secretInFile(db, path.join(dataDir, SECRET_FILE));
      return new TokenService(createSecretKey(Buffer.from(secret)), ttlMinutes);
    }
    if (postgres) warnStoredSecretOnce();
    const kept = await tokenSecretStore.keepFirst(db, newSecret());
    return new TokenService(createSecretKey(Buffer.from(kept)), ttlMinutes);
  }

  /** A token for the session; without authTime a new session begins now. */
  async sign(claims: TokenClaims): Promise<string> {
    const now = nowSeconds();
    const authTime = claims.authTime ?? now;
    const exp = this.expiryOf(now, authTime);
    return signHs256(this.key, {
      tv: claims.tokenVersion,
      auth_time: authTime,
      sub: String(claims.userId),
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      iat: now,
      exp,
    });
  }

  /**
   * Tokens whose signature and claims were checked, with the times to check again on each call:
   * every call presents its token, and with renewals kept for a while (renewal below) the same few
   * tokens arrive again and again. The key never changes in a process, so a token that verified
   * once verifies again; only the clock can make it invalid. Bounded; the oldest go first.
   */
  private readonly verified = new Map<string, Verified>();

  /** The claims of a valid token, or undefined: wrong signature or algorithm, no or past exp, wrong iss or aud, a session past its absolute lifetime. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    let entry = this.verified.get(token);
    if (!entry) {
      entry = checkedPayload(verifyHs256(this.key, token));
      if (!entry) return undefined;
      this.verified.set(token, entry);
      if (this.verified.size > VERIFIED_TOKENS)
        this.verified.delete(this.verified.keys().next().value as string);
    }
    const now = nowSeconds();
    const { exp, nbf, authTime } = entry;
    if (exp <= now || (nbf !== undefined && nbf > now)) return undefined;
    if (authTime > now + 60 || now - authTime >= SESSION_MAX_SECONDS) return undefined;
    return { userId: entry.userId, tokenVersion: entry.tokenVersion, authTime };
  }

  /**
   * The token an authenticated answer hands back (authorization-extend) for a valid `token` with
   * these claims. A token this service issued less than RENEWAL_SECONDS ago (at most a tenth of the
   * lifetime) is handed back as it is: a renewal then would differ only in moving the expiry by those
   * few seconds, and signing costs more than the rest of the guard. Otherwise a new one, with the
   * session's start kept (docs/decisions.md#performance).
   */
  async renewal(token: string, claims: TokenClaims): Promise<string> {
    const entry = this.verified.get(token);
    const now = nowSeconds();
    if (
      entry &&
      entry.userId === claims.userId &&
      entry.tokenVersion === claims.tokenVersion &&
      entry.authTime === claims.authTime &&
      entry.nbf === undefined &&
      now - entry.iat >= 0 &&
      now - entry.iat < this.renewalSeconds &&
      entry.exp === this.expiryOf(entry.iat, entry.authTime)
    )
      return token;
    return this.sign(claims);
  }

  private get renewalSeconds(): number {
    return Math.min(RENEWAL_SECONDS, (this.ttlMinutes * 60) / 10);
  }

  /** The expiry of a token signed at `iat` for a session begun at `authTime`. */
  private expiryOf(iat: number, authTime: number): number {
    return Math.min(iat + this.ttlMinutes * 60, authTime + SESSION_MAX_SECONDS);
  }
}

/** How many verified tokens each process remembers (a few hundred bytes each). */
const VERIFIED_TOKENS = 10_000;
/** A token issued less than this long ago is handed back instead of a new one (at most a tenth of the lifetime). */
export const RENEWAL_SECONDS = 60;

type Verified = {
  userId: number;
  tokenVersion: number;
  authTime: number;
  iat: number;
  exp: number;
  nbf: number | undefined;
};

/** The claims of a correctly signed payload whose form is right, before any look at the clock. */
function checkedPayload(payload: Record<string, unknown> | undefined): Verified | undefined {
  if (!payload) return undefined;
  const { sub, tv, iat, exp, nbf, auth_time: authTime } = payload;
  if (payload.iss !== TOKEN_ISSUER || !audienceIncludes(payload.aud, TOKEN_AUDIENCE)) return undefined;
  if (typeof exp !== 'number' || typeof iat !== 'number') return undefined;
  if (nbf !== undefined && typeof nbf !== 'number') return undefined;
  if (typeof sub !== 'string' || !/^\d+$/.test(sub) || typeof tv !== 'number') return undefined;
  const userId = Number(sub);
  if (!Number.isSafeInteger(userId) || !Number.isInteger(tv)) return undefined;
  if (typeof authTime !== 'number' || !Number.isInteger(authTime)) return undefined;
  return { userId, tokenVersion: tv, authTime, iat, exp, nbf: nbf as number | undefined };
}

/** RFC 7519: aud is one string or an array of them. */
function audienceIncludes(aud: unknown, audience: string): boolean {
  return aud === audience || (Array.isArray(aud) && aud.includes(audience));
}
