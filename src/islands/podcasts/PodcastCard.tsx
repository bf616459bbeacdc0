import { useEffect, useId, useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { CategorySelect } from '../../components/CategorySelect';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FieldError } from '../../components/FieldError';
import { Dialog } from '../../components/Dialog';
import { ImageCropper } from '../../components/ImageCropper';
import { freshAccessToken } from '../../lib/session';
import { FEED_UNREADABLE_TITLE, isFeedUnreadableError, isNoEmailError } from '../../lib/feed-errors';
import { toast } from '../../lib/stores/toasts';
import { VERIFICATION_NOT_FOUND_TOAST_MS, VERIFICATION_RESEND_THROTTLE_MS, VERIFICATION_SENT_NOTICE_MS } from '../../lib/constants';
import { formatDate } from '../../lib/format/dates';
import { useForm } from '../shared/use-form';
import '../../styles/podcasters.css';

interface CardPodcast {
  id: number;
  hash_id: string;
  title: string;
  about: string;
  url: string;
  avatar_url: string | null;
  verified_at: string | null;
  is_premium: boolean;
  hostingName: string;
  categories: { id: number; title: string }[];
}

interface Props {
  podcast: CardPodcast;
  categories: { id: number; title: string }[];
}

const NOT_FOUND_TITLE = 'Email not found in RSS';
const NOT_FOUND_HINT = 'If you just changed your RSS feed, recheck again later as it might take time to update. Visit our verification guide.';

/** One of the user's podcasts in manage-podcasts: details, RSS verification with resend, edit and delete. */
export default function PodcastCard({ podcast: initial, categories }: Props) {
  const [podcast, setPodcast] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(initial.title);
  const [url, setUrl] = useState(initial.url);
  const [about, setAbout] = useState(initial.about);
  const [categoryId, setCategoryId] = useState<number | null>(initial.categories[0]?.id ?? null);
  const form = useForm();
  const { errors, pending: saving } = form;
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState(false);
  const [cooling, setCooling] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const [picked, setPicked] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const save = () =>
    form.run(
      async () => {
        const keep = podcast.categories
          .slice(1)
          .map((c) => c.id)
          .filter((c) => c !== categoryId);
        const feedChanged = url.trim() !== podcast.url;
        const res = await api<{ data: CardPodcast }>(`/api/podcasts/${podcast.id}`, {
          method: 'PUT',
          body: { ...(feedChanged ? { url: url.trim() } : {}), title, about, category_ids: categoryId ? [categoryId, ...keep] : keep },
        });
        setPodcast(res.data);
        setUrl(res.data.url);
        setEditing(false);
        toast.success(feedChanged ? 'Feed address changed. Verify the show again with the email in the new feed.' : 'Podcast saved.');
        // A new feed needs its owner to prove it again: the link goes to the email in that feed.
        if (feedChanged && !res.data.verified_at) void resend();
        // Only field messages show here, as before.
      },
      { report: () => {} },
    );

  const resend = async () => {
    if (cooling) return;
    setCooling(true);
    timers.current.push(setTimeout(() => setCooling(false), VERIFICATION_RESEND_THROTTLE_MS));
    try {
      await api(`/api/podcasts/${podcast.id}/verification`, { method: 'POST' });
      setSent(true);
      timers.current.push(setTimeout(() => setSent(false), VERIFICATION_SENT_NOTICE_MS));
    } catch (e) {
      const message = e instanceof Error ? e.message : 'Something went wrong. Please try again.';
      if (isNoEmailError(e)) toast.error(`${message} ${NOT_FOUND_HINT}`, { title: NOT_FOUND_TITLE, timeout: VERIFICATION_NOT_FOUND_TOAST_MS });
      else if (isFeedUnreadableError(e)) toast.error(message, { title: FEED_UNREADABLE_TITLE, timeout: VERIFICATION_NOT_FOUND_TOAST_MS });
      else toast.error(message);
    }
  };

  const uploadAvatar = async (blob: Blob) => {
    setUploading(true);
    setAvatarError(null);
    try {
      const body = new FormData();
      body.append('avatar', new File([blob], 'artwork.png', { type: 'image/png' }));
      // Multipart goes through fetch directly: the API client sends JSON.
      const token = await freshAccessToken();
      const res = await fetch(`/api/podcasts/${podcast.id}/avatars`, {
        method: 'POST',
        body,
        headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      const json = (await res.json().catch(() => ({}))) as { data?: CardPodcast; message?: string };
      if (!res.ok || !json.data) throw new Error(json.message ?? 'Could not save the artwork.');
      setPodcast(json.data);
      setPicked(null);
      toast.success('Artwork saved.');
    } catch (e) {
      setAvatarError(e instanceof Error ? e.message : 'Could not save the artwork.');
      setPicked(null);
    } finally {
      setUploading(false);
    }
  };

  const remove = async () => {
    try {
      await api(`/api/podcasts/${podcast.id}`, { method: 'DELETE' });
      window.location.reload();
    } catch (e) {
      setConfirming(false);
      toast.error(e instanceof ApiError ? e.message : 'The podcast could not be deleted.');
    }
  };

  return (
    <article className="pc-card cp-stack" aria-labelledby={`${id}-title`}>
      <div className="cp-row cp-items-start">
        <div className="cp-stack cp-gap-sm cp-center-items">
          {podcast.avatar_url ? (
            <img className="pc-art" src={podcast.avatar_url} alt={`${podcast.title} artwork`} width={64} height={64} />
          ) : (
            <span className="pc-art" aria-hidden="true">
              {podcast.title.charAt(0)}
            </span>
          )}
          <label className="cp-small pc-link-button">
            Change artwork<span className="cp-sr-only"> of {podcast.title}</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="cp-sr-only"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) setPicked(f);
                e.target.value = '';
              }}
            />
          </label>
        </div>
        <div className="cp-grow">
          <h3 id={`${id}-title`} className="cp-m-0">
            <a href={`/podcast/${podcast.hash_id}`}>{podcast.title}</a>
          </h3>
          <p className="cp-muted cp-small cp-m-0 cp-mt-xs cp-mb-xs cp-break">
            {podcast.hostingName} · {podcast.url}
          </p>
          <div className="cp-row cp-gap-sm">
            {podcast.verified_at ? (
              <span className="pc-pill pc-pill--ok">Verified {formatDate(podcast.verified_at)}</span>
            ) : (
              <span className="pc-pill pc-pill--warn">Not verified</span>
            )}
            {podcast.is_premium && <span className="pc-pill pc-pill--brand">Premium</span>}
            {podcast.categories.map((c) => (
              <span key={c.id} className="pc-pill">
                {c.title}
              </span>
            ))}
          </div>
        </div>
      </div>
      {avatarError ? (
        <p className="cp-field-error" role="alert">
          {avatarError}
        </p>
      ) : null}
      <Dialog open={picked !== null} onClose={() => setPicked(null)} title={`Crop the artwork of ${podcast.title}`}>
        {picked ? <ImageCropper shape="square" file={picked} busy={uploading} onCancel={() => setPicked(null)} onCrop={(b) => void uploadAvatar(b)} /> : null}
      </Dialog>
      {!podcast.verified_at && (
        <div className="cp-row">
          <button type="button" className="cp-button" onClick={() => void resend()} disabled={cooling}>
            Resend verification email
          </button>
          <span role="status" className="cp-small">
            {sent ? 'New verification email was sent to your inbox.' : ''}
          </span>
        </div>
      )}
      {editing ? (
        <form
          ref={form.formRef}
          className="cp-stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="cp-field">
            <label htmlFor={`${id}-u`}>RSS feed URL</label>
            <input
              id={`${id}-u`}
              className="cp-input"
              type="url"
              inputMode="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={`${id}-u-hint`}
            />
            <p id={`${id}-u-hint`} className="cp-small cp-muted">
              Moved to another host? Paste the new feed address. We read it before saving, and the show must be verified again.
            </p>
            <FieldError errors={errors} field="url" />
          </div>
          <div className="cp-field">
            <label htmlFor={`${id}-t`}>Title</label>
            <input
              id={`${id}-t`}
              className="cp-input"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              aria-invalid={errors.title ? true : undefined}
            />
            <FieldError errors={errors} field="title" />
          </div>
          <div className="cp-field">
            <label htmlFor={`${id}-a`}>About</label>
            <textarea id={`${id}-a`} className="pc-textarea" value={about} onChange={(e) => setAbout(e.target.value)} />
            <FieldError errors={errors} field="about" />
          </div>
          <CategorySelect label="Main category" name="category_ids" categories={categories} value={categoryId} onChange={setCategoryId} errors={errors} />
          <div className="cp-row">
            <button type="submit" className="cp-button cp-button--primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              className="cp-button"
              onClick={() => {
                setEditing(false);
                setUrl(podcast.url);
                form.reset();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="cp-row">
          <button type="button" className="cp-button" onClick={() => setEditing(true)}>
            Edit {podcast.title}
          </button>
          <button type="button" className="cp-button cp-button--danger" onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${podcast.title}?`}
        word="DELETE"
        danger
        confirmLabel="Delete podcast"
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        Its slots, sponsorships and proposals are removed with it. This cannot be undone.
      </ConfirmDialog>
    </article>
  );
}
