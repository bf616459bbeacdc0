import { useEffect, useId, useMemo, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { useForm } from '../shared/use-form';
import { FieldError } from '../../components/FieldError';
import { MonthHead, WeekdayRow } from '../../components/MonthCalendar';
import { toast } from '../../lib/stores/toasts';
import { formatDate } from '../../lib/format/dates';
import { AD_TYPE_LABELS } from '../../lib/constants';
import {
  addMonthsToDay,
  COMMON_TIME_ZONES,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  monthOf,
  monthWeeks,
  WEEKDAY_NAMES,
  type CalendarSlot,
  type ScheduleSettings,
} from '../../lib/slots';
import '../../styles/podcasters.css';

interface Props {
  podcastId: number;
  schedule: ScheduleSettings | null;
  /** The show's IANA time zone: a slot stays upcoming until its day ends there. */
  timeZone: string;
  slots: CalendarSlot[];
  /** The first day of the calendar ('YYYY-MM-DD'): the podcast's today in its time zone. */
  from: string;
}

const FREQUENCIES = [1, 2, 3, 4];
const MONTHS = 12;

/** The podcast's publishing schedule and its 12-month slot calendar; click a slot to make it unavailable or available again. */
export default function SlotCalendar({ podcastId, schedule: initialSchedule, timeZone: initialZone, slots: initialSlots, from }: Props) {
  const [schedule, setSchedule] = useState<ScheduleSettings>(initialSchedule ?? { days: [], frequency: 1, start_from: from });
  const [timeZone, setTimeZone] = useState(initialZone);
  // A show that has never saved a schedule starts in the browser's own zone rather than UTC.
  useEffect(() => {
    if (initialSchedule || initialZone !== DEFAULT_TIME_ZONE) return;
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (isTimeZone(own)) setTimeZone(own);
  }, [initialSchedule, initialZone]);
  const zones = COMMON_TIME_ZONES.includes(timeZone as (typeof COMMON_TIME_ZONES)[number]) ? COMMON_TIME_ZONES : [timeZone, ...COMMON_TIME_ZONES];
  const [slots, setSlots] = useState(initialSlots);
  const form = useForm();
  const { errors, pending: saving } = form;
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [monthIndex, setMonthIndex] = useState(0);
  const id = useId();

  const month = monthOf(addMonthsToDay(`${monthOf(from)}-01`, monthIndex));
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarSlot[]>();
    for (const s of slots) map.set(s.date, [...(map.get(s.date) ?? []), s]);
    return map;
  }, [slots]);

  const save = () =>
    form.run(
      async () => {
        const res = await api<{ data: { schedule_settings: ScheduleSettings; slots: CalendarSlot[] } }>(`/api/podcasts/${podcastId}/calendar`, {
          method: 'POST',
          body: schedule,
        });
        setSlots(res.data.slots);
        toast.success('Schedule saved.');
        // A failure with field messages shows them; another answer is a toast; no answer at all shows nothing, as before.
      },
      { report: (f) => f.status !== null && !Object.keys(f.errors).length && toast.error(f.message) },
    );

  const toggle = async (slot: CalendarSlot) => {
    if (slot.status === 'booked') return;
    const key = `${slot.date}|${slot.type}`;
    setBusyKey(key);
    try {
      if (slot.status === 'available') {
        const res = await api<{ data: { id: number } }>(`/api/podcasts/${podcastId}/slots`, { method: 'POST', body: { type: slot.type, date: slot.date } });
        setSlots((list) => list.map((s) => (s.date === slot.date && s.type === slot.type ? { ...s, status: 'unavailable', id: res.data.id } : s)));
      } else if (slot.id !== null) {
        await api(`/api/podcasts/${podcastId}/slots/${slot.id}`, { method: 'DELETE' });
        setSlots((list) => list.map((s) => (s.date === slot.date && s.type === slot.type ? { ...s, status: 'available', id: null } : s)));
      }
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The slot could not be changed.');
    } finally {
      setBusyKey(null);
    }
  };

  const first = `${month}-01`;
  const weeks = monthWeeks(month);
  const monthLabel = formatDate(first, 'MMMM YYYY');

  return (
    <div className="cp-stack">
      <form
        ref={form.formRef}
        className="cp-stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset className="weekday-picks">
          <legend className="cp-field__label cp-mb-sm">Publishing days</legend>
          {WEEKDAY_NAMES.map((name, d) => (
            <label key={name}>
              <input
                type="checkbox"
                checked={schedule.days.includes(d)}
                onChange={(e) => setSchedule((s) => ({ ...s, days: e.target.checked ? [...s.days, d].sort() : s.days.filter((x) => x !== d) }))}
              />
              {name}
            </label>
          ))}
        </fieldset>
        <FieldError errors={errors} field="days" />
        <div className="pc-grid-2">
          <div className="cp-field">
            <label htmlFor={`${id}-freq`}>Frequency</label>
            <select
              id={`${id}-freq`}
              className="cp-select"
              value={schedule.frequency}
              onChange={(e) => setSchedule((s) => ({ ...s, frequency: Number(e.target.value) }))}
            >
              {FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {f === 1 ? 'Every week' : `Every ${f} weeks`}
                </option>
              ))}
            </select>
            <FieldError errors={errors} field="frequency" />
          </div>
          <div className="cp-field">
            <label htmlFor={`${id}-start`}>Starting from</label>
            <input
              id={`${id}-start`}
              className="cp-input"
              type="date"
              value={schedule.start_from}
              onChange={(e) => setSchedule((s) => ({ ...s, start_from: e.target.value }))}
            />
            <FieldError errors={errors} field="start_from" />
          </div>
          <div className="cp-field">
            <label htmlFor={`${id}-zone`}>Time zone</label>
            <select id={`${id}-zone`} className="cp-select" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} aria-describedby={`${id}-zone-hint`}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            <p id={`${id}-zone-hint`} className="cp-muted">
              A day's slots stay open to brands until that day ends here.
            </p>
            <FieldError errors={errors} field="time_zone" />
          </div>
        </div>
        <div className="cp-row">
          <button className="cp-button cp-button--primary" type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save schedule'}
          </button>
        </div>
      </form>

      <section aria-label="Slot calendar">
        <MonthHead
          label={monthLabel}
          onPrevious={() => setMonthIndex((i) => Math.max(0, i - 1))}
          onNext={() => setMonthIndex((i) => Math.min(MONTHS, i + 1))}
          previousDisabled={monthIndex === 0}
          nextDisabled={monthIndex >= MONTHS}
          previousLabel="Previous month"
          nextLabel="Next month"
        />
        {slots.length === 0 && <p className="cp-muted">Choose your publishing days and save the schedule to see your ad slots.</p>}
        {/* A table of weeks (not an ARIA grid: the slots are buttons reached with Tab, not arrow keys). */}
        <div className="slot-cal__grid" role="table" aria-label={monthLabel}>
          <WeekdayRow />
          {weeks.map((week) => (
            <div key={week.find(Boolean) ?? 'blank'} className="slot-cal__row" role="row">
              {week.map((day, i) => {
                if (!day) return <div key={`b${i}`} className="slot-cal__day slot-cal__day--blank" role="cell" />;
                const daySlots = day >= from ? (byDay.get(day) ?? []) : [];
                return (
                  <div key={day} className={`slot-cal__day${daySlots.length ? '' : ' slot-cal__day--off'}`} role="cell">
                    <span className="slot-cal__num">{Number(day.slice(8))}</span>
                    {daySlots.map((s) => (
                      <button
                        key={s.type}
                        type="button"
                        className={`slot-chip slot-chip--${s.status}`}
                        aria-pressed={s.status !== 'available'}
                        aria-disabled={s.status === 'booked' || undefined}
                        // The spoken name starts with the chip's visible words (WCAG 2.5.3).
                        aria-label={`${s.type === 'host' ? AD_TYPE_LABELS.host : `Spons. (${AD_TYPE_LABELS.sponsorship})`} slot on ${formatDate(day)}: ${s.status}`}
                        title={
                          s.status === 'booked'
                            ? 'Booked by a hired proposal'
                            : s.status === 'available'
                              ? 'Click to make unavailable'
                              : 'Click to make available'
                        }
                        disabled={busyKey === `${s.date}|${s.type}`}
                        onClick={() => void toggle(s)}
                      >
                        {s.type === 'host' ? 'Host' : 'Spons.'}
                      </button>
                    ))}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <div className="slot-legend" aria-hidden="true">
          <span>
            <span className="slot-chip slot-chip--available">Available</span>
          </span>
          <span>
            <span className="slot-chip slot-chip--unavailable">Unavailable</span>
          </span>
          <span>
            <span className="slot-chip slot-chip--booked">Booked</span>
          </span>
        </div>
      </section>
    </div>
  );
}
