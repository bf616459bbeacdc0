/**
 * The audio player as its own chunk: wavesurfer.js (about 14 KB compressed) loads when a player is
 * first rendered, not with the island that lists the messages. Until then a still copy of the
 * player's loading state holds its place, so nothing moves when it arrives.
 */
import { lazy, Suspense } from 'react';
import type { AudioPlayerProps } from './AudioPlayer';
import './audio-player.css';

const AudioPlayer = lazy(() => import('./AudioPlayer'));

function Loading({ title = 'Audio' }: Pick<AudioPlayerProps, 'title'>) {
  return (
    <div className="cp-audio" data-state="loading" aria-label={title} role="group">
      <button type="button" className="cp-audio__toggle" disabled aria-label={`Play ${title}`}>
        <span className="cp-audio__spinner" aria-hidden="true" />
      </button>
      <div className="cp-audio__main">
        <div className="cp-audio__wave" />
        <div className="cp-audio__clock">
          <span className="cp-audio__status">Loading…</span>
        </div>
      </div>
    </div>
  );
}

/** AudioPlayer, loaded on first use. */
export default function LazyAudioPlayer(props: AudioPlayerProps) {
  return (
    <Suspense fallback={<Loading title={props.title} />}>
      <AudioPlayer {...props} />
    </Suspense>
  );
}
