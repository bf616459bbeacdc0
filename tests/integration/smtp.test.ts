import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { freshEnvironment } from './support';

// A real SMTP peer on loopback: with SMTP_URL set, mail leaves through nodemailer instead of .eml files.
const received: { from: string; to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});

let env: ReturnType<typeof freshEnvironment>;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  env = freshEnvironment('');
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  env.cleanup();
});

describe('mail over SMTP', () => {
  it('sends the rendered message to the SMTP server named by SMTP_URL', async () => {
    const { deliverMail } = await import('../../src/lib/server/mail/send-mail');
    const { renderMail } = await import('../../src/lib/server/mail/layout');
    await deliverMail(renderMail({ to: 'listener@example.com', subject: 'Your code', greeting: 'Hi there,', lines: ['Here it is.'], code: '123456' }));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['listener@example.com']);
    expect(received[0]!.from).toBe('hello@cuepoint.test');
    expect(received[0]!.data).toMatch(/Subject: Your code/);
    expect(received[0]!.data).toContain('123456');
  });
});
