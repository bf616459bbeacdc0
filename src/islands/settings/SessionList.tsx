import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { api, ApiError } from '../../lib/api';
import { RelativeTime, stableTime } from '../../components/RelativeTime';
import { toast } from '../../lib/stores/toasts';

export interface SessionItem {
  id: string;
  device: string;
  device_type: 'desktop' | 'mobile' | 'tablet' | 'unknown';
  ip_address: string | null;
  signed_in_at: string;
  last_used_at: string;
  current: boolean;
}

/** Where the user is signed in, with sign-out of one session or of every other one. */
export default function SessionList({ initial }: { initial: SessionItem[] }) {
  const [sessions, setSessions] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const others = sessions.filter((s) => !s.current);

  const reload = useCallback(async () => {
    const res = await api<{ data: SessionItem[] }>('/api/user/sessions');
    setSessions(res.data);
  }, []);

  useEffect(() => {
    // A password change elsewhere on the page ends the other sessions.
    const onChange = () => void reload().catch(() => undefined);
    window.addEventListener('cuepoint:sessions-changed', onChange);
    return () => window.removeEventListener('cuepoint:sessions-changed', onChange);
  }, [reload]);

  const signOut = async (s: SessionItem) => {
    try {
      await api(`/api/user/sessions/${encodeURIComponent(s.id)}`, { method: 'DELETE' });
      setSessions((cur) => cur.filter((x) => x.id !== s.id));
      toast.success(`${s.device} was signed out.`);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'That session could not be signed out.');
      void reload().catch(() => undefined);
    }
  };

  const signOutOthers = async () => {
    try {
      const res = await api<{ data: { signed_out: number } }>('/api/user/sessions', { method: 'DELETE' });
      setConfirming(false);
      await reload();
      toast.success(`${res.data.signed_out} other ${res.data.signed_out === 1 ? 'session was' : 'sessions were'} signed out.`);
    } catch (e) {
      setConfirming(false);
      toast.error(e instanceof ApiError ? e.message : 'The other sessions could not be signed out.');
    }
  };

  return (
    <>
      <ul className="sessions">
        {sessions.map((s) => (
          <li key={s.id} className="session">
            <span className="session__icon" aria-hidden="true">
              <Icon name={s.device_type === 'mobile' || s.device_type === 'tablet' ? 'phone' : 'monitor'} size={20} />
            </span>
            <div className="session__text">
              <strong>
                {s.device} {s.current ? <span className="settings-pill settings-pill--ok">This device</span> : null}
              </strong>
              <p>
                {s.ip_address ?? 'Address unknown'} · {s.current ? 'active now' : <RelativeTime iso={s.last_used_at} prefix="last active " />} · signed in{' '}
                {stableTime(s.signed_in_at)}
              </p>
            </div>
            {!s.current ? (
              <button
                type="button"
                className="cp-button"
                onClick={() => void signOut(s)}
                aria-label={`Sign out ${s.device} (${s.ip_address ?? 'unknown address'})`}
              >
                Sign out
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {sessions.length === 0 ? <p className="settings-note">No other sessions.</p> : null}
      <div className="settings-actions">
        <button type="button" className="cp-button" disabled={others.length === 0} onClick={() => setConfirming(true)}>
          Sign out of all other sessions
        </button>
        {others.length === 0 ? <p className="settings-note">You are signed in on this device only.</p> : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Sign out of all other sessions?"
        confirmLabel="Sign out others"
        onConfirm={signOutOthers}
        onCancel={() => setConfirming(false)}
      >
        Every browser and device except this one is signed out and has to sign in again.
      </ConfirmDialog>
    </>
  );
}
