import { useRef, useState } from 'react';
import { api } from '../../lib/api';
import { useForm } from '../shared/use-form';
import { freshAccessToken } from '../../lib/session';
import { CategorySelect } from '../../components/CategorySelect';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { toast } from '../../lib/stores/toasts';
import type { AdPayload, BrandPayload, CategoryPayload } from '../../lib/types';
import { ImageCropper } from '../../components/ImageCropper';
import { TextField } from './fields';
import './campaigns.css';

interface Props {
  brand: BrandPayload;
  firstName: string;
  lastName: string;
  email: string;
  categories: CategoryPayload[];
  ads: AdPayload[];
}

/** The brand's profile: the avatar (cropped), name, contact, address, website, category and the ads it usually buys. */
export default function BrandProfileForm({ brand: initial, firstName, lastName, email, categories, ads }: Props) {
  const [brand, setBrand] = useState(initial);
  const [form, setForm] = useState({
    name: initial.name,
    first_name: firstName,
    last_name: lastName,
    country: initial.country ?? '',
    address: initial.address ?? '',
    state: initial.state ?? '',
    zip: initial.zip ?? '',
    url: initial.url ?? '',
  });
  const [categoryId, setCategoryId] = useState<number | null>(initial.category_id);
  const [adIds, setAdIds] = useState<number[]>(initial.ad_ids);
  const request = useForm({ fallback: 'Could not save the profile.' });
  const { errors } = request;
  const [uploading, setUploading] = useState(false);
  const busy = request.pending || uploading;
  const [file, setFile] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const set = (k: keyof typeof form) => (v: string) => setForm({ ...form, [k]: k === 'country' ? v.toUpperCase() : v });

  async function save(e: React.FormEvent) {
    e.preventDefault();
    await request.run(
      async () => {
        const res = await api<{ data: BrandPayload }>(`/api/brand/brands/${brand.id}`, {
          method: 'PUT',
          body: {
            ...form,
            country: form.country || null,
            address: form.address || null,
            state: form.state || null,
            zip: form.zip || null,
            url: form.url || null,
            category_id: categoryId,
            ad_ids: adIds,
          },
        });
        setBrand(res.data);
        toast.success('Profile saved.');
      },
      { report: (f) => toast.error(f.message) },
    );
  }

  async function upload(blob: Blob) {
    setUploading(true);
    setAvatarError(null);
    try {
      const body = new FormData();
      body.append('avatar', new File([blob], 'avatar.png', { type: 'image/png' }));
      // Multipart goes through fetch directly: the API client sends JSON.
      const token = await freshAccessToken();
      const res = await fetch('/api/brand/avatars', {
        method: 'POST',
        body,
        headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      const json = (await res.json()) as { data?: BrandPayload; message?: string };
      if (!res.ok || !json.data) throw new Error(json.message ?? 'Could not save the picture.');
      setBrand(json.data);
      setFile(null);
      toast.success('Picture saved.');
    } catch (err) {
      setAvatarError(err instanceof Error ? err.message : 'Could not save the picture.');
    } finally {
      setUploading(false);
    }
  }

  return (
    <form ref={request.formRef} className="cq-card cq-form" onSubmit={(e) => void save(e)} noValidate>
      <div className="cp-row">
        {brand.avatar_url ? (
          <img className="cq-avatar" src={brand.avatar_url} alt={`${brand.name} logo`} />
        ) : (
          <span className="cq-avatar" aria-hidden="true">
            {(brand.name || '?').slice(0, 1)}
          </span>
        )}
        <div className="cp-stack cp-gap-sm">
          <label className="cp-button cp-pointer">
            {brand.avatar_url ? 'Change picture' : 'Upload picture'}
            <input
              ref={fileRef}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="cp-sr-only"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) setFile(f);
                e.target.value = '';
              }}
            />
          </label>
          <span className="cp-small cp-muted">PNG, JPEG or WebP. You crop it next.</span>
          {avatarError ? (
            <p className="cp-field-error" role="alert">
              {avatarError}
            </p>
          ) : null}
        </div>
      </div>
      <Dialog open={file !== null} onClose={() => setFile(null)} title="Crop your picture">
        {file ? <ImageCropper file={file} busy={busy} onCancel={() => setFile(null)} onCrop={(b) => void upload(b)} /> : null}
      </Dialog>

      <TextField label="Brand name" name="name" value={form.name} onChange={set('name')} errors={errors} maxLength={120} required autoComplete="organization" />
      <div className="cq-grid-2">
        <TextField
          label="First name"
          name="first_name"
          value={form.first_name}
          onChange={set('first_name')}
          errors={errors}
          maxLength={80}
          autoComplete="given-name"
        />
        <TextField
          label="Last name"
          name="last_name"
          value={form.last_name}
          onChange={set('last_name')}
          errors={errors}
          maxLength={80}
          autoComplete="family-name"
        />
      </div>
      <p className="cp-small cp-muted cp-m-0">Signed in as {email}. Change it under Account.</p>
      <TextField label="Website" name="url" type="url" value={form.url} onChange={set('url')} errors={errors} placeholder="https://" autoComplete="url" />
      <TextField label="Address" name="address" value={form.address} onChange={set('address')} errors={errors} maxLength={200} autoComplete="street-address" />
      <div className="cq-grid-2">
        <TextField label="State" name="state" value={form.state} onChange={set('state')} errors={errors} maxLength={80} autoComplete="address-level1" />
        <TextField label="ZIP" name="zip" value={form.zip} onChange={set('zip')} errors={errors} maxLength={20} autoComplete="postal-code" />
      </div>
      <TextField
        label="Country (two-letter code)"
        name="country"
        value={form.country}
        onChange={set('country')}
        errors={errors}
        maxLength={2}
        placeholder="US"
        autoComplete="country"
      />
      <CategorySelect label="Category" name="category_id" categories={categories} value={categoryId} onChange={setCategoryId} errors={errors} />
      <fieldset className="cq-checks">
        <legend>Ads you usually buy</legend>
        {ads.map((a) => (
          <label key={a.id} className="cq-check">
            <input
              type="checkbox"
              checked={adIds.includes(a.id)}
              onChange={(e) => setAdIds(e.target.checked ? [...adIds, a.id] : adIds.filter((x) => x !== a.id))}
            />
            {a.title}
          </label>
        ))}
      </fieldset>
      <FieldError errors={errors} field="ad_ids" />
      <div className="cq-actions">
        <button type="submit" className="cp-button cp-button--primary" disabled={busy}>
          Save profile
        </button>
      </div>
    </form>
  );
}
