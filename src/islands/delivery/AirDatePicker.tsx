import { useEffect, useMemo, useState } from 'react';
import { DatePicker } from '../../components/DatePicker';
import { api } from '../../lib/api';
import type { DeliveryJobPayload } from '../../lib/delivery-types';
import { formatDate } from '../../lib/format/dates';
import { toast } from '../../lib/stores/toasts';
import { messagesAsField, useForm } from '../shared/use-form';

/** The air date of a funded job: a date picker that offers the bookable days only. */
export default function AirDatePicker({ job, onDone }: { job: DeliveryJobPayload; onDone: () => void }) {
  const [days, setDays] = useState<string[] | null>(null);
  const [value, setValue] = useState<string | null>(job.delivery_date);
  const form = useForm();
  const { errors, pending: busy } = form;
  const bookable = useMemo(() => new Set(days ?? []), [days]);
  const path = `/api/podcaster/packages/${job.package_id}/jobs/${job.id}/delivery-dates`;
  useEffect(() => {
    api<{ data: { days: string[] } }>(path)
      .then((r) => setDays(r.data.days))
      .catch(() => setDays([]));
  }, [path]);
  const book = async () => {
    if (!value) return;
    await form.run(
      async () => {
        await api(path, { body: { publish_date: value } });
        toast.success(`Air date booked: ${formatDate(value)}.`);
        onDone();
      },
      { report: (f) => form.fail(messagesAsField(f, 'publish_date', 'Something went wrong. Please try again.')) },
    );
  };
  return (
    <div className="delivery__row">
      <DatePicker
        label="Air date"
        name="publish_date"
        value={value}
        onChange={setValue}
        min={days?.[0] ?? null}
        max={days?.at(-1) ?? null}
        isDisabled={(day) => !bookable.has(day)}
        disabled={days === null}
        errors={errors}
        hint={
          days && days.length === 0
            ? 'No bookable day: set your schedule in the calendar.'
            : 'Only the days your show publishes with a free slot can be chosen.'
        }
      />
      <button type="button" className="cp-button" onClick={() => void book()} disabled={busy || !value || value === job.delivery_date}>
        {job.delivery_date ? 'Change air date' : 'Book air date'}
      </button>
    </div>
  );
}
