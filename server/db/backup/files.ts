import fs from 'node:fs';
import path from 'node:path';

/** A failure the operator can act on: the scripts print its message alone and exit 1. */
export class BackupError extends Error {}

/** 2026-01-31T14:05:09Z -> 20260131-140509 (UTC: backups from several time zones sort together). */
export function stamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

/**
 * Where a backup goes: the path given, or a timestamped file in $DATA_DIR/backups/ (also when the
 * path given is a folder).
 */
export function backupPath(
  dataDir: string,
  extension: 'db' | 'dump',
  given?: string,
  date = new Date(),
): string {
  const name = `app-${stamp(date)}.${extension}`;
  if (!given) return path.join(dataDir, 'backups', name);
  const resolved = path.resolve(given);
  const isFolder =
    given.endsWith(path.sep) ||
    given.endsWith('/') ||
    fs.statSync(resolved, { throwIfNoEntry: false })?.isDirectory();
  return isFolder ? path.join(resolved, name) : resolved;
}

/** A temporary name beside the target: renamed into place only once complete, so no half file is ever at the target. */
export const temporaryBeside = (target: string) =>
  path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.partial`);

/** Flushes a file, then its folder (so the rename that put it there is durable too). */
export function syncFileAndFolder(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  const dir = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(dir);
  } finally {
    fs.closeSync(dir);
  }
}

/** What a file holds, from its first bytes. */
export function fileKind(file: string): 'sqlite' | 'pg_dump' | 'other' {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    fs.readSync(fd, head, 0, 16, 0);
    if (head.toString('latin1') === 'SQLite format 3\u0000') return 'sqlite';
    if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
    return 'other';
  } finally {
    fs.closeSync(fd);
  }
}

export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
