/**
 * The episode editor's ad positions (issue 19 §1): the episode's waveform as a timeline with the
 * pre-roll (always at the start) and up to 4 mid-roll markers. Click the timeline (or focus it and press
 * Enter) to add a mid-roll; Arrow keys move the focused position by a second (Shift: 10 s), Home/End
 * jump to the ends. Suggestions found in the episode's silences are shown dashed until confirmed.
 */
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import './ads.css';

interface Marker {
  kind: 'pre' | 'mid';
  position_ms: number;
  source: 'podcaster' | 'suggested';
  confirmed: boolean;
}

export interface AdMarkersData {
  episode_hash_id: string;
  duration_ms: number | null;
  waveform: number[] | null;
  markers: Marker[];
}

const MAX_MIDS = 4;
const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
};

export default function AdMarkersEditor({ hostedId, initial }: { hostedId: number; initial: AdMarkersData }) {
  const id = useId();
  const track = useRef<HTMLDivElement>(null);
  const [data, setData] = useState(initial);
  const [mids, setMids] = useState<Marker[]>(initial.markers.filter((m) => m.kind === 'mid'));
  const [cursor, setCursor] = useState(0);
  const [active, setActive] = useState<number | null>(null);
  const [busy, setBusy] = useState<'save' | 'suggest' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const duration = data.duration_ms ?? 0;
  const base = `/api/podcasts/hosted/${hostedId}/episodes/${encodeURIComponent(data.episode_hash_id)}/ad-markers`;
  const pct = (ms: number) => (duration ? `${Math.min(100, (ms / duration) * 100)}%` : '0%');
  const peaks = data.waveform?.length ? data.waveform : Array.from({ length: 120 }, () => 0.35);
  const bars = peaks.length > 240 ? peaks.filter((_, i) => i % Math.ceil(peaks.length / 240) === 0) : peaks;

  const addAt = (ms: number) => {
    if (mids.length >= MAX_MIDS) {
      setError(`An episode has at most ${MAX_MIDS} mid-rolls.`);
      return;
    }
    setError(null);
    const next = [...mids, { kind: 'mid' as const, position_ms: Math.round(ms), source: 'podcaster' as const, confirmed: true }].sort(
      (a, b) => a.position_ms - b.position_ms,
    );
    setMids(next);
    setActive(next.findIndex((m) => m.position_ms === Math.round(ms)));
  };

  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || !duration) return;
    const ms = ((e.clientX - box.left) / box.width) * duration;
    setCursor(ms);
    addAt(ms);
  };

  const move = (index: number, ms: number) =>
    setMids(mids.map((m, i) => (i === index ? { ...m, position_ms: Math.max(1000, Math.min(duration - 1000, Math.round(ms))) } : m)));

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 10_000 : 1000;
    const at = active !== null ? (mids[active]?.position_ms ?? cursor) : cursor;
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = at + step;
    else if (e.key === 'ArrowLeft') next = at - step;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = duration;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (active === null) addAt(cursor);
      return;
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && active !== null) {
      e.preventDefault();
      setMids(mids.filter((_, i) => i !== active));
      setActive(null);
      return;
    } else if (e.key === 'Escape') {
      setActive(null);
      return;
    }
    if (next === null) return;
    e.preventDefault();
    next = Math.max(0, Math.min(duration, next));
    if (active !== null) move(active, next);
    else setCursor(next);
  };

  const save = async () => {
    setBusy('save');
    setError(null);
    try {
      const res = await api<{ data: AdMarkersData }>(base, {
        method: 'PUT',
        body: { mid_rolls: mids.map((m) => ({ position_ms: m.position_ms, confirmed: true, source: m.source })) },
      });
      setData(res.data);
      setMids(res.data.markers.filter((m) => m.kind === 'mid'));
      toast.success('Ad positions saved.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong, please try again.');
    } finally {
      setBusy(null);
    }
  };

  const suggest = async () => {
    setBusy('suggest');
    setError(null);
    try {
      const res = await api<{ data: AdMarkersData }>(`${base}/suggest`, { method: 'POST' });
      setData(res.data);
      setMids(res.data.markers.filter((m) => m.kind === 'mid'));
      if (!res.data.markers.some((m) => !m.confirmed)) toast.success('No silences long enough for a mid-roll were found.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong, please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="hosting-card ads-timeline" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="hosting-title">
        Ad positions
      </h2>
      <p className="cp-muted" id={`${id}-help`}>
        Cuepoint inserts up to 2 pre-rolls and {MAX_MIDS} mid-rolls as listeners download this episode. Click the timeline to add a mid-roll, or focus it and
        use the arrow keys and Enter. Dashed markers are suggestions from silences: save to confirm them.
      </p>
      {duration ? (
        <div
          ref={track}
          className="ads-timeline__track"
          role="slider"
          tabIndex={0}
          aria-label="Episode timeline: position for a new mid-roll"
          aria-describedby={`${id}-help`}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration / 1000)}
          aria-valuenow={Math.round((active !== null ? (mids[active]?.position_ms ?? cursor) : cursor) / 1000)}
          aria-valuetext={clock(active !== null ? (mids[active]?.position_ms ?? cursor) : cursor)}
          onPointerDown={onPointer}
          onKeyDown={onKey}
        >
          <div className="ads-timeline__wave" aria-hidden="true">
            {bars.map((p, i) => (
              <span key={i} style={{ height: `${Math.max(4, p * 100)}%` }} />
            ))}
          </div>
          <span className="ads-marker ads-marker--pre" style={{ left: '0%' }} title="Pre-roll" aria-hidden="true" />
          {mids.map((m, i) => (
            <span
              key={`${m.position_ms}-${i}`}
              className={`ads-marker${m.confirmed ? '' : ' ads-marker--suggested'}${active === i ? ' ads-marker--active' : ''}`}
              style={{ left: pct(m.position_ms) }}
              aria-hidden="true"
            />
          ))}
          <span className="ads-marker ads-marker--cursor" style={{ left: pct(cursor) }} aria-hidden="true" />
        </div>
      ) : (
        <p className="cp-muted">The episode’s length is not known yet; positions can be set once its audio is processed.</p>
      )}
      <ul className="ads-marker-list" aria-label="Ad positions">
        <li>
          <span className="ads-time">0:00</span> Pre-roll (2 spots, before the episode)
        </li>
        {mids.map((m, i) => (
          <li key={`${m.position_ms}-${i}`}>
            <span className="ads-time">{clock(m.position_ms)}</span>
            Mid-roll {i + 1}
            {m.confirmed ? '' : ' (suggested)'}
            <button type="button" className="cp-button" aria-pressed={active === i} onClick={() => setActive(active === i ? null : i)}>
              {active === i ? 'Done moving' : 'Move'}
            </button>
            <button
              type="button"
              className="cp-button"
              onClick={() => {
                setMids(mids.filter((_, j) => j !== i));
                setActive(null);
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="cp-field-error" role="alert">
          {error}
        </p>
      )}
      <div className="ads-form__actions">
        <button type="button" className="cp-button cp-button--primary" onClick={save} disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save ad positions'}
        </button>
        <button type="button" className="cp-button" onClick={suggest} disabled={busy !== null}>
          {busy === 'suggest' ? 'Listening for silences…' : 'Suggest from silences'}
        </button>
      </div>
    </section>
  );
}
