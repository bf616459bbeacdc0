/**
 * Mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written
 * as an .eml file under DATA_DIR/mail and its first link is logged.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { config } from '../config';
import { enqueue, registerJob } from '../jobs';
import { randomToken } from '../crypto';
import type { Db, Tx } from '../db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

declare module '../jobs/queue' {
  interface JobPayloads {
    'mail.send': MailMessage;
  }
}

/** Queues a message; the worker sends it. */
export async function queueMail(message: MailMessage, db?: Db | Tx): Promise<void> {
  await enqueue('mail.send', { ...message }, db ? { db } : {});
}

/** Sends a message now. */
export async function deliverMail(message: MailMessage): Promise<void> {
  const { mail } = config();
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    await transport.sendMail({ from: mail.from, ...message });
    return;
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from: mail.from, ...message });
  // Mail holds sign-in codes and reset links: only the product's own user may read it.
  mkdirSync(mail.dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(mail.dir, `${stamp}-${randomToken(4)}.eml`);
  writeFileSync(file, info.message as Buffer, { mode: 0o600 });
  const link = /https?:\/\/[^\s"'<>]+/.exec(message.text)?.[0];
  console.log(`[mail] to ${message.to}: "${message.subject}" -> ${file}${link ? `\n[mail] link: ${link}` : ''}`);
}

registerJob('mail.send', async (payload) => {
  await deliverMail(payload);
});
