import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; subject: string; body: string; links: string[] };

/** Undoes quoted-printable soft line breaks and escapes, enough to read links and text in tests. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, so tests see mail exactly as it
 * leaves the product. `delayMs` holds every message that long before accepting it (a slow server);
 * `port` listens on that port (a server that comes back where it was); `refuseWith` answers every
 * message with that SMTP error code (e.g. 554) instead of accepting it, and keeps nothing.
 */
export async function startTestSmtp(options: { delayMs?: number; port?: number; refuseWith?: number } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (options.refuseWith) {
          const error = new Error(`${options.refuseWith} message refused by the test server`);
          (error as Error & { responseCode: number }).responseCode = options.refuseWith;
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = decodeQuotedPrintable(raw);
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          body,
          links: [...new Set(body.match(/https?:\/\/[^\s"<>]+/g) ?? [])],
        });
        if (options.delayMs) setTimeout(() => callback(), options.delayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** The mails sent to an address so far. */
    to: (address: string) =>
      received.filter((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address)),
    async waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no such mail arrived; received: ${received.map((m) => m.subject).join(' | ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
