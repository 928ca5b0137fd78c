import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalFlusher } from './walFlush.js';

// The group commit's promise: a flush resolves only after an fsync that began after every write
// noted before it, and many writes share one fsync. Counted on a real file with the real fsync.
describe('WAL flushes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-wal-'));
  const file = path.join(dir, 'app.db-wal');
  fs.writeFileSync(file, 'frames');
  afterEach(() => vi.restoreAllMocks());

  it('does not touch the disk when nothing was written', async () => {
    const syncs = vi.spyOn(fs, 'fsync');
    const wal = new WalFlusher(file);
    await wal.flush();
    expect(syncs).not.toHaveBeenCalled();
    wal.close();
  });

  it('flushes many concurrent commits with one fsync, and a later commit with another', async () => {
    const syncs = vi.spyOn(fs, 'fsync');
    const wal = new WalFlusher(file);
    const first = Array.from({ length: 20 }, () => {
      wal.noteWrite();
      return wal.flush();
    });
    // A commit made while that fsync runs is not covered by it: its flush waits for a second one.
    wal.noteWrite();
    const later = wal.flush();
    await Promise.all(first);
    await later;
    expect(syncs).toHaveBeenCalledTimes(2);
    await wal.flush();
    expect(syncs).toHaveBeenCalledTimes(2);
    wal.close();
  });

  it('fails the flush when the disk does', async () => {
    vi.spyOn(fs, 'fsync').mockImplementation(((_fd: number, done: (e: Error) => void) =>
      done(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }))) as never);
    const wal = new WalFlusher(file);
    wal.noteWrite();
    await expect(wal.flush()).rejects.toThrow('EIO');
    wal.close();
  });
});
