/** The one mail layout: a plain-text part and a simple, inline-styled HTML part. */
import { config } from '../config';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action?: { label: string; url: string };
  code?: string;
  footer?: string;
  unsubscribeUrl?: string;
}

/** Renders a message in the house layout. */
export function renderMail(content: MailContent): { to: string; subject: string; text: string; html: string; headers?: Record<string, string> } {
  const { appUrl } = config();
  const text = [
    content.greeting,
    '',
    ...content.lines,
    ...(content.code ? ['', `Your code: ${content.code}`] : []),
    ...(content.action ? ['', `${content.action.label}: ${content.action.url}`] : []),
    '',
    content.footer ?? 'The Cuepoint team',
    ...(content.unsubscribeUrl ? ['', `Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f4f4f7;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px;padding:32px">
<tr><td><a href="${escape(appUrl)}" style="font-weight:700;font-size:20px;color:#4338ca;text-decoration:none">Cuepoint</a></td></tr>
<tr><td style="padding-top:24px;font-size:16px;line-height:1.6">
<p>${escape(content.greeting)}</p>
${content.lines.map((l) => `<p>${escape(l)}</p>`).join('\n')}
${content.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;text-align:center;margin:24px 0">${escape(content.code)}</p>` : ''}
${content.action ? `<p style="text-align:center;margin:28px 0"><a href="${escape(content.action.url)}" style="background:#4338ca;color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:600">${escape(content.action.label)}</a></p><p style="font-size:13px;color:#6b7280">If the button does not work, paste this link into your browser: ${escape(content.action.url)}</p>` : ''}
<p>${escape(content.footer ?? 'The Cuepoint team')}</p>
</td></tr>
${content.unsubscribeUrl ? `<tr><td style="padding-top:16px;font-size:12px;color:#9ca3af"><a href="${escape(content.unsubscribeUrl)}" style="color:#9ca3af">Unsubscribe</a> from these emails.</td></tr>` : ''}
</table></td></tr></table></body></html>`;
  return {
    to: content.to,
    subject: content.subject,
    text,
    html,
    ...(content.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${content.unsubscribeUrl}>` } } : {}),
  };
}
