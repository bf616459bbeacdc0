/** The events tab of a site: the conversions it tracks, with adding and deleting the site's own. */
import { useState } from 'react';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/stores/toasts';
import { TextField } from '../campaigns/fields';
import { fieldsOr, useForm } from '../shared/use-form';

export interface SiteEvent {
  id: number;
  name: string;
  slug: string;
  is_predefined: boolean;
  last_occurred: string | null;
  attributed: number;
}

/** A destructive action waiting for the user's confirmation. */
export interface Confirmation {
  title: string;
  body: string;
  run: () => Promise<void>;
}

interface Props {
  domain: string;
  /** The site's API path. */
  base: string;
  initial: SiteEvent[];
  onConfirm: (c: Confirmation) => void;
}

export default function SiteEvents({ domain, base, initial, onConfirm: setConfirm }: Props) {
  const [events, setEvents] = useState(initial);
  const [name, setName] = useState('');
  const form = useForm({ fallback: 'Could not add the event.' });
  const { errors, pending: busy } = form;

  async function addEvent(e: React.FormEvent) {
    e.preventDefault();
    await form.run(
      async () => {
        const res = await api<{ data: SiteEvent }>(`${base}/events`, { method: 'POST', body: { name } });
        setEvents([...events, res.data]);
        setName('');
        toast.success(`Event ${res.data.name} added.`);
      },
      { report: fieldsOr(form, toast.error) },
    );
  }

  return (
    <section className="attr-card">
      <h2 className="attr-title">Events on {domain}</h2>
      <p className="cp-muted">Page view, Sign up and Purchase are tracked on every site. Add the other actions that count as a conversion for you.</p>
      <form ref={form.formRef} className="attr-inline cp-my-md" onSubmit={addEvent} noValidate>
        <TextField label="New event" name="name" value={name} onChange={setName} errors={errors} placeholder="Add to cart" maxLength={80} />
        <button type="submit" className="cp-button cp-button--primary" disabled={busy}>
          Add event
        </button>
      </form>
      <table className="attr-table" aria-label="Events">
        <thead>
          <tr>
            <th>Event</th>
            <th>Last occurred</th>
            <th className="num">Attributed</th>
            <th>
              <span className="cp-sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((ev) => (
            <tr key={ev.id} data-event={ev.slug}>
              <td data-label="Event">
                {ev.name}
                {ev.is_predefined ? <span className="cp-muted"> · predefined</span> : null}
              </td>
              <td data-label="Last occurred">{ev.last_occurred ? formatDate(ev.last_occurred) : 'Not yet'}</td>
              <td data-label="Attributed" className="num">
                {ev.attributed}
              </td>
              <td className="attr-row-actions">
                {!ev.is_predefined && (
                  <button
                    type="button"
                    className="cp-button cp-button--link cp-button--danger"
                    onClick={() =>
                      setConfirm({
                        title: `Delete the event ${ev.name}?`,
                        body: 'Its attributed conversions are deleted with it.',
                        run: async () => {
                          await api(`${base}/events/${ev.id}`, { method: 'DELETE' });
                          setEvents((l) => l.filter((x) => x.id !== ev.id));
                          toast.success('Event deleted.');
                        },
                      })
                    }
                  >
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
