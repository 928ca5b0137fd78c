import { randomBytes, randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';

// The RFC 5322 / MIME message of every e-mail the product queues: a text and an HTML part
// (multipart/alternative), both UTF-8 in quoted-printable, header text outside ASCII as RFC 2047
// encoded words. Written here rather than composed by nodemailer's MailComposer, which took about 1 ms
// a message: a reminder pass queues tens of thousands (docs/decisions.md#insights-reminders). nodemailer
// still delivers them over SMTP, byte for byte.

const MAX_LINE = 76;

/** Header text as is when it is printable ASCII, else as UTF-8 base64 encoded words (RFC 2047). */
function headerText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  const words: string[] = [];
  let word = '';
  // Each word's UTF-8 bytes stay whole characters, and its line ('Subject: ' and the word) within 78.
  for (const ch of text) {
    if (Buffer.byteLength(word + ch, 'utf8') > 39) {
      words.push(word);
      word = '';
    }
    word += ch;
  }
  if (word) words.push(word);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join('\n ');
}

/** A header line, folded at spaces so no line passes 76 characters where the text allows. */
function header(name: string, value: string): string {
  const line = `${name}: ${value}`;
  if (line.length <= MAX_LINE || value.includes('\n')) return line;
  const lines: string[] = [];
  let current = '';
  for (const part of line.split(' ')) {
    if (current && current.length + 1 + part.length > MAX_LINE) {
      lines.push(current);
      current = ` ${part}`;
    } else current = current ? `${current} ${part}` : part;
  }
  lines.push(current);
  return lines.join('\n');
}

/** 'Name <address>' with the name quoted or encoded as needed; a bare address as is. */
function mailbox(value: string): { address: string; text: string } {
  const [first] = addressparser(value, { flatten: true });
  const address = first && 'address' in first && first.address ? first.address : value.trim();
  const name = first && 'name' in first ? first.name : '';
  if (!name) return { address, text: address };
  const shown = /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : headerText(name);
  return { address, text: `${shown} <${address}>` };
}

/** Quoted-printable (RFC 2045) of UTF-8 text, line breaks as LF, soft breaks before 76 characters. */
export function quotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bytes = Buffer.from(line, 'utf8');
    let encoded = '';
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i] as number;
      const literal = (b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && i < bytes.length - 1);
      encoded += literal ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    while (encoded.length > MAX_LINE) {
      let cut = MAX_LINE - 1;
      // Never inside an =XX escape.
      const escapeAt = encoded.lastIndexOf('=', cut);
      if (escapeAt > cut - 3) cut = escapeAt;
      out.push(`${encoded.slice(0, cut)}=`);
      encoded = encoded.slice(cut);
    }
    out.push(encoded);
  }
  return out.join('\n');
}

export type MimeMail = { from: string; to: string | string[]; subject: string; text: string; html: string };

/** The whole message, LF line breaks, and the envelope's recipients (the bare addresses of To). */
export function mimeMessage(mail: MimeMail, now = new Date()): { recipients: string[]; message: string } {
  const from = mailbox(mail.from);
  const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).map(mailbox);
  const boundary = `--_smr-${randomBytes(12).toString('hex')}`;
  const domain = from.address.includes('@') ? from.address.split('@').pop() : 'localhost';
  const part = (type: string, body: string) =>
    `--${boundary}\nContent-Type: ${type}; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n${quotedPrintable(body)}\n`;
  const message = [
    `Content-Type: multipart/alternative;\n boundary="${boundary}"`,
    header('From', from.text),
    header('To', to.map((t) => t.text).join(', ')),
    header('Subject', headerText(mail.subject)),
    `Message-ID: <${randomUUID()}@${domain}>`,
    `Date: ${now.toUTCString().replace(/GMT$/, '+0000')}`,
    'MIME-Version: 1.0',
    '',
    `${part('text/plain', mail.text)}${part('text/html', mail.html)}--${boundary}--\n`,
  ].join('\n');
  return { recipients: to.map((t) => t.address), message };
}
