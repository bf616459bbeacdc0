import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import type { MailSettings } from '../../lib/notification-view';
import { toast } from '../../lib/stores/toasts';

const ROWS: { key: keyof MailSettings; title: string; text: string }[] = [
  { key: 'mail_messages', title: 'Workroom messages', text: 'When someone writes to you in a workroom while you are away.' },
  { key: 'mail_proposals', title: 'Proposals', text: 'New ad proposals for your campaigns, and answers to the proposals you sent.' },
  { key: 'mail_deliverables', title: 'Ads for review', text: 'Ads submitted for your review, and approvals or change requests for your ads.' },
  { key: 'mail_hires', title: 'Hires', text: 'When a brand hires you, or a hire needs your action.' },
  { key: 'mail_hosting', title: 'Hosting', text: 'Feed migration finished or needs attention, and hosting application updates.' },
];

/** Email notification toggles; each change is saved at once. */
export default function NotificationSettings({ initial }: { initial: MailSettings }) {
  const [settings, setSettings] = useState(initial);
  const toggle = async (key: keyof MailSettings, value: boolean) => {
    const before = settings;
    setSettings({ ...settings, [key]: value });
    try {
      const res = await api<{ data: MailSettings }>('/api/notifications/settings', { method: 'PUT', body: { [key]: value } });
      setSettings(res.data);
      toast.success('Notification settings saved.');
    } catch (e) {
      setSettings(before);
      toast.error(e instanceof ApiError ? e.message : 'Your settings could not be saved.');
    }
  };
  return (
    <fieldset className="settings-fieldset">
      <legend className="cp-muted">Email me about</legend>
      <ul className="settings-toggles">
        {ROWS.map((row) => (
          <li key={row.key} className="settings-toggle">
            <label htmlFor={row.key}>
              <strong>{row.title}</strong>
              <p>{row.text}</p>
            </label>
            <input id={row.key} type="checkbox" role="switch" checked={settings[row.key]} onChange={(e) => void toggle(row.key, e.target.checked)} />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
