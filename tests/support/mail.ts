/** Reads the mail the product wrote under DATA_DIR/mail (the default transport). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StoredMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function parse(file: string): StoredMail {
  const raw = readFileSync(file, 'utf8');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
  // The text/plain part of the multipart message.
  const textPart = /Content-Type: text\/plain[^\n]*\n(?:[A-Za-z-]+: [^\n]*\n)*\n([\s\S]*?)(?:\n--)/i.exec(raw)?.[1] ?? raw;
  const qp = /Content-Type: text\/plain[^\n]*\nContent-Transfer-Encoding: quoted-printable/i.test(raw);
  return { file, to: header('To'), subject: header('Subject'), text: qp ? decodeQuotedPrintable(textPart) : textPart };
}

/** Every message sent to the address, oldest first. */
export function mailTo(dataDir: string, address: string): StoredMail[] {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parse(join(dir, f)))
    .filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits for the next message to the address (the queue sends mail in the background). */
export async function waitForMail(
  dataDir: string,
  address: string,
  predicate: (m: StoredMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<StoredMail> {
  const started = Date.now();
  for (;;) {
    const found = mailTo(dataDir, address).filter(predicate).at(-1);
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code of a verification mail. */
export function codeOf(mail: StoredMail): string {
  const code = /Your code: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in mail "${mail.subject}"`);
  return code;
}

/** The first link of a mail that contains the given path. */
export function linkOf(mail: StoredMail, contains: string): string {
  const link = mail.text.match(/https?:\/\/[^\s"'<>]+/g)?.find((l) => l.includes(contains));
  if (!link) throw new Error(`No link with ${contains} in mail "${mail.subject}"`);
  return link;
}
