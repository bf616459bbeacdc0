import { Icon } from '../../components/Icon';
import { setCookie, suffixedName } from '../../lib/browser-cookies';
import { afterPodcastSwitch } from '../../lib/shell-rules';
import type { PodcastPayload } from '../../lib/types';
import { useDropdown } from './use-dropdown';

type PickerPodcast = Pick<PodcastPayload, 'id' | 'title' | 'avatar_url'> & { hosted: boolean };

interface Props {
  podcasts: PickerPodcast[];
  currentId: number | null;
}

const ONE_YEAR_S = 365 * 24 * 60 * 60;

function Avatar({ podcast }: { podcast: PickerPodcast }) {
  return podcast.avatar_url ? (
    <img className="avatar avatar--sm" src={podcast.avatar_url} alt="" width={32} height={32} />
  ) : (
    <span className="avatar avatar--sm avatar--initial" aria-hidden="true">
      {podcast.title.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** Remembers the chosen podcast in the current_podcast cookie and reloads (or returns to the episode list when editing an episode). */
function choose(id: number) {
  setCookie(suffixedName('current_podcast'), String(id), ONE_YEAR_S);
  const target = afterPodcastSwitch(window.location.pathname);
  if (target) window.location.assign(target);
  else window.location.reload();
}

/** 'Switch Podcast': the current podcast, the user's others with a Hosted mark, and 'Add Podcast'. */
export default function PodcastPicker({ podcasts, currentId }: Props) {
  const { open, toggle, close, buttonRef, rootRef, panelRef, onKeyDown } = useDropdown();
  const current = podcasts.find((p) => p.id === currentId) ?? podcasts[0] ?? null;

  return (
    <div className="dropdown podcast-picker" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="topbar__button podcast-picker__button"
        aria-expanded={open}
        aria-controls="podcast-picker-panel"
        onClick={toggle}
      >
        {current ? <Avatar podcast={current} /> : <Icon name="podcast" size={20} />}
        <span className="podcast-picker__title">
          <span className="cp-sr-only">Switch Podcast. Current: </span>
          {current ? current.title : 'No podcast yet'}
        </span>
        <Icon name="chevron-down" size={16} />
      </button>
      <div id="podcast-picker-panel" ref={panelRef} className="dropdown__panel dropdown__panel--wide" hidden={!open}>
        <p className="dropdown__heading" aria-hidden="true">
          Switch Podcast
        </p>
        <ul className="dropdown__list">
          {podcasts.map((p) => {
            const isCurrent = p.id === current?.id;
            return (
              <li key={p.id}>
                <button
                  type="button"
                  className="dropdown__item podcast-picker__item"
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={() => {
                    if (isCurrent) close();
                    else choose(p.id);
                  }}
                >
                  <Avatar podcast={p} />
                  <span className="podcast-picker__item-title">{p.title}</span>
                  {p.hosted ? <span className="pill pill--brand">Hosted</span> : null}
                  {isCurrent ? <Icon name="check-circle" size={18} title="Current podcast" className="podcast-picker__check" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
        <a className="dropdown__item dropdown__item--action" href="/settings/manage-podcasts#podcasts">
          <Icon name="plus" size={18} />
          Add Podcast
        </a>
      </div>
    </div>
  );
}
