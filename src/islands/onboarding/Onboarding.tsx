import { useId, useState } from 'react';
import { api } from '../../lib/api';
import { FieldError } from '../../components/FieldError';
import { AddPodcastForm, type AddedPodcast } from '../podcasts/AddPodcastForm';
import { useForm } from '../shared/use-form';
import '../../styles/podcasters.css';

interface Props {
  podcasts: AddedPodcast[];
  firstName: string;
  lastName: string;
}

/** Onboarding: add one or more podcasts by feed or search, then complete the podcaster profile. */
export default function Onboarding({ podcasts: initial, firstName, lastName }: Props) {
  const [podcasts, setPodcasts] = useState(initial);
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const form = useForm();
  const { errors, pending: busy } = form;
  const id = useId();

  const finish = () =>
    form.run(
      async () => {
        await api('/api/onboarding/complete', { method: 'POST', body: { first_name: first, last_name: last } });
        window.location.assign('/');
      },
      // The form shows field messages only, as it did.
      { keepPending: true, report: () => {} },
    );

  return (
    <div className="cp-stack">
      <section className="pc-card" aria-labelledby={`${id}-step1`}>
        <h2 id={`${id}-step1`}>1. Add your podcast</h2>
        <p className="cp-muted">We read your RSS feed for the title, description, artwork, categories and latest episodes.</p>
        {podcasts.length > 0 && (
          <ul className="pc-list" aria-label="Your podcasts">
            {podcasts.map((p) => (
              <li key={p.id}>
                <span className="cp-row">
                  {p.avatar_url ? (
                    <img className="pc-art" src={p.avatar_url} alt="" width={64} height={64} />
                  ) : (
                    <span className="pc-art" aria-hidden="true">
                      {p.title.charAt(0)}
                    </span>
                  )}
                  <span>
                    <strong>{p.title}</strong>
                    <br />
                    <span className="cp-muted cp-small">{p.categories.map((c) => c.title).join(', ') || 'No category yet'}</span>
                  </span>
                </span>
                <span className="pc-pill pc-pill--ok">Added</span>
              </li>
            ))}
          </ul>
        )}
        <AddPodcastForm onAdded={(p) => setPodcasts((list) => [...list, p])} />
        <FieldError errors={errors} field="url" />
      </section>
      <section className="pc-card" aria-labelledby={`${id}-step2`}>
        <h2 id={`${id}-step2`}>2. About you</h2>
        <form
          ref={form.formRef}
          className="cp-stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void finish();
          }}
        >
          <div className="pc-grid-2">
            <div className="cp-field">
              <label htmlFor={`${id}-first`}>First name</label>
              <input
                id={`${id}-first`}
                className="cp-input"
                value={first}
                onChange={(e) => setFirst(e.target.value)}
                autoComplete="given-name"
                aria-invalid={errors.first_name ? true : undefined}
              />
              <FieldError errors={errors} field="first_name" />
            </div>
            <div className="cp-field">
              <label htmlFor={`${id}-last`}>Last name</label>
              <input
                id={`${id}-last`}
                className="cp-input"
                value={last}
                onChange={(e) => setLast(e.target.value)}
                autoComplete="family-name"
                aria-invalid={errors.last_name ? true : undefined}
              />
              <FieldError errors={errors} field="last_name" />
            </div>
          </div>
          <div className="cp-row cp-row--end">
            {podcasts.length === 0 && <span className="cp-muted cp-small">Add a podcast first.</span>}
            <button className="cp-button cp-button--primary" type="submit" disabled={busy || podcasts.length === 0}>
              {busy ? 'Saving…' : 'Finish setup'}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
