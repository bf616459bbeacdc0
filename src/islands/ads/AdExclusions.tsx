/**
 * The ad categories a hosted podcaster keeps out of their show (issue 19 §2). The agreement (hosting §9)
 * lets such changes take up to 60 days; Cuepoint applies them to the next downloads.
 */
import { useId, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import './ads.css';

export interface AdExclusionsProps {
  hostedId: number;
  categories: Array<{ id: number; title: string }>;
  excluded: number[];
}

export default function AdExclusions({ hostedId, categories, excluded }: AdExclusionsProps) {
  const id = useId();
  const [chosen, setChosen] = useState<number[]>(excluded);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await api(`/api/podcasts/hosted/${hostedId}/ad-settings`, { method: 'PUT', body: { excluded_category_ids: chosen } });
      toast.success('Your excluded ad categories are saved.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong, please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} aria-labelledby={`${id}-legend`}>
      <fieldset className="ads-form__set">
        <legend id={`${id}-legend`}>Ad categories never inserted in this show</legend>
        <div className="ads-checks">
          {categories.map((c) => (
            <label key={c.id} className="ads-check">
              <input
                type="checkbox"
                checked={chosen.includes(c.id)}
                onChange={() => setChosen(chosen.includes(c.id) ? chosen.filter((x) => x !== c.id) : [...chosen, c.id])}
              />
              {c.title}
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p className="cp-field-error" role="alert">
          {error}
        </p>
      )}
      <p className="ads-note">
        Changes to restricted ad categories may take up to 60 days to apply (Hosting Service Agreement); Cuepoint usually applies them to the next downloads.
      </p>
      <button type="submit" className="cp-button cp-mt-sm" disabled={saving}>
        {saving ? 'Saving…' : 'Save excluded categories'}
      </button>
    </form>
  );
}
