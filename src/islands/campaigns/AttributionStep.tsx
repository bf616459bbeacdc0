/** The campaign wizard's attribution step: pick the site where listeners land, or add one. */
import { useState } from 'react';
import { FieldError, type FieldErrors } from '../../components/FieldError';
import { api } from '../../lib/api';
import { fieldsOr, useForm } from '../shared/use-form';
import { toast } from '../../lib/stores/toasts';
import { TextField } from './fields';

export interface Site {
  id: number;
  domain: string;
  status: string;
}

interface Props {
  sites: Site[];
  onSitesChange: (sites: Site[]) => void;
  siteId: number | null;
  onSiteChange: (id: number | null) => void;
  errors: FieldErrors | null;
}

export default function AttributionStep({ sites, onSitesChange, siteId, onSiteChange: setSiteId, errors }: Props) {
  const [adding, setAdding] = useState(false);
  const [domain, setDomain] = useState('');
  const siteForm = useForm({ fallback: 'Could not add the site.' });
  const siteErrors = siteForm.errors;

  async function addSite() {
    await siteForm.run(
      async () => {
        const res = await api<{ data: Site }>('/api/attribution/sites', { method: 'POST', body: { domain } });
        onSitesChange([res.data, ...sites]);
        setSiteId(res.data.id);
        setDomain('');
        setAdding(false);
        toast.success(`${res.data.domain} added.`);
      },
      { report: fieldsOr(siteForm, toast.error) },
    );
  }

  return (
    <>
      <p className="cp-muted cp-m-0">Pick the site where listeners land, to attribute visits and sales to this campaign. You can skip this.</p>
      <fieldset className="cp-stack cp-fieldset-plain">
        <legend className="cp-field__label">Attribution site</legend>
        <label className="cq-check">
          <input type="radio" name="site_id" checked={siteId === null} onChange={() => setSiteId(null)} /> No attribution site
        </label>
        {sites.map((s) => (
          <label key={s.id} className="cq-check">
            <input type="radio" name="site_id" checked={siteId === s.id} onChange={() => setSiteId(s.id)} /> {s.domain}
          </label>
        ))}
      </fieldset>
      <FieldError errors={errors} field="site_id" />
      {adding ? (
        <div className="cq-choice" role="group" aria-labelledby="add-site-title">
          <h3 id="add-site-title" className="cp-m-0">
            Add site
          </h3>
          <TextField label="Domain" name="domain" value={domain} onChange={setDomain} errors={siteErrors} placeholder="shop.example.com" />
          <div className="cp-row">
            <button type="button" className="cp-button cp-button--primary" onClick={() => void addSite()}>
              Add site
            </button>
            <button type="button" className="cp-button" onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div>
          <button type="button" className="cp-button" onClick={() => setAdding(true)}>
            Add site
          </button>
        </div>
      )}
    </>
  );
}
