import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** Every environment variable of docs/product.md#running-start, parsed and validated once at start. */
/** An unset variable and an empty one mean the same: use the default. */
const blankAsUnset = (v: unknown) => (v === '' ? undefined : v);

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY as Fastify passes them on. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an address, an address/prefix (CIDR) or a named range. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset means no proxy; a hop count, or a comma list of addresses and CIDR ranges. */
const trustProxySchema = z.preprocess(
  blankAsUnset,
  z
    .string()
    .trim()
    .refine(
      (v) => /^\d{1,2}$/.test(v) || v.split(',').every((entry) => isProxyEntry(entry.trim())),
      'TRUST_PROXY must be a hop count (e.g. 1) or a comma list of proxy addresses or CIDR ranges',
    )
    .transform((v): number | string[] =>
      /^\d{1,2}$/.test(v) ? Number(v) : v.split(',').map((entry) => entry.trim()),
    )
    .optional(),
);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_EMAIL: z.string().min(1).default('admin@localhost'),
  ADMIN_PASSWORD: z.preprocess(blankAsUnset, z.string().optional()),
  JWT_SECRET: z.preprocess(
    blankAsUnset,
    z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ),
  /** A file holding the secret (a mounted Docker or Kubernetes secret), instead of JWT_SECRET. */
  JWT_SECRET_FILE: z.preprocess(blankAsUnset, z.string().optional()),
  TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SMTP_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('SM Roadmap <no-reply@localhost>'),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ALLOWED_HOSTS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_PER_ACCOUNT_HOUR: z.coerce.number().int().min(1).max(100).default(100),
  /** Multiplies the per-user write limits (server/http/writeLimits.ts); load tests raise it. */
  WRITE_LIMIT_FACTOR: z.coerce.number().int().min(1).default(1),
  TRUST_PROXY: trustProxySchema,
  /**
   * How often the reminder pass runs (docs/decisions.md#insights-reminders); 0 turns it off. Fractions
   * are allowed: the crash test runs a pass every few hundred milliseconds.
   */
  REMINDER_INTERVAL_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(15),
  /** GET /api/metrics answers only when set, and only to `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.preprocess(
    blankAsUnset,
    z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
});

/** The names of every environment variable the app reads (compose.yaml and the Dockerfile use no other). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Only for tests: a PostgreSQL schema to create and use instead of public. */
  databaseSchema?: string;
  admin: { userName: string; email: string; password?: string };
  jwtSecret?: string;
  tokenTtlMinutes: number;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  allowedHosts: string[];
  logLevel: string;
  /**
   * perAddress: attempts per address per window; perAccount: failures per account and address per
   * window; perAccountPerHour: failures per account from all addresses together per hour.
   */
  loginLimits: { perAddress: number; perAccount: number; perAccountPerHour: number; windowMs: number };
  /** Multiplies every per-user write limit (submissions, draft saves, e-mail sending); 1 unless told. */
  writeLimitFactor: number;
  /** Which proxies may tell the client address (X-Forwarded-For): none (false), hops, or addresses. */
  trustProxy: false | number | string[];
  /** Serve the built web app from this folder when it exists. */
  webDir?: string;
  /** The bearer token of GET /api/metrics; without one the metrics are off (404). */
  metricsToken?: string;
  /** Minutes between reminder passes; 0: no pass runs in this process. */
  reminderIntervalMinutes: number;
};

/** The token-signing secret: JWT_SECRET, or the content of JWT_SECRET_FILE (its line breaks trimmed). */
function jwtSecretOf(value: string | undefined, file: string | undefined): string | undefined {
  if (value && file) throw new Error('Invalid configuration:\nset JWT_SECRET or JWT_SECRET_FILE, not both');
  if (!file) return value;
  let secret: string;
  try {
    secret = fs.readFileSync(file, 'utf8').replace(/[\r\n]+$/, '');
  } catch (error) {
    throw new Error(
      `Invalid configuration:\nJWT_SECRET_FILE: cannot read ${file} (${(error as Error).message})`,
    );
  }
  if (secret.length < 32)
    throw new Error('Invalid configuration:\nJWT_SECRET_FILE: the secret must be at least 32 characters');
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { userName: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    jwtSecret: jwtSecretOf(e.JWT_SECRET, e.JWT_SECRET_FILE),
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    allowedHosts: e.ALLOWED_HOSTS.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    loginLimits: {
      perAddress: e.LOGIN_MAX_PER_ADDRESS,
      perAccount: e.LOGIN_MAX_PER_ACCOUNT,
      perAccountPerHour: e.LOGIN_MAX_PER_ACCOUNT_HOUR,
      windowMs: 15 * 60_000,
    },
    writeLimitFactor: e.WRITE_LIMIT_FACTOR,
    trustProxy: e.TRUST_PROXY || false,
    webDir: path.resolve('dist/web'),
    metricsToken: e.METRICS_TOKEN,
    reminderIntervalMinutes: e.REMINDER_INTERVAL_MINUTES,
  };
}
