/**
 * The audio player (core §3 "audio item", §4, §8) on wavesurfer.js: draws the stored waveform peaks
 * without downloading the whole file, streams through a media element, and shows loading, ready,
 * playing or paused, and error ('File corrupt.', 'Converting... Please wait.', "File can't be played.").
 */
import { pageStyleNonce } from '../../lib/client-config';
import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { Icon } from '../../components/Icon';
import { audioErrorMessage, formatPlayerTime, type AudioPlayerState } from '../../lib/rules/media';
import './audio-player.css';

export interface AudioPlayerProps {
  src: string;
  /** Stored waveform peaks (0..1); without them the file is decoded in the browser. */
  waveform?: number[] | null;
  totalTime?: number | null;
  startTime?: number;
  transcodingStatus?: 'pending' | 'processing' | 'completed' | 'failed' | null;
  title?: string;
}

/**
 * wavesurfer styles its shadow root with a <style> element, which the page's CSP admits by its nonce. The same
 * rules moved into a constructed stylesheet (CSSOM, outside the CSP's reach) leave no <style> element there for a
 * tool that copies a shadow root's style text into a document of its own: axe-core's CSSOM preload did, in a
 * document under the page's CSP and without the nonce, and the browser refused it (issue 37: "Applying inline
 * style violates … 'style-src'" on Completed Ads, whose players are in view). Where constructed stylesheets are
 * not supported the element stays.
 */
function adoptShadowStyles(inside: HTMLElement) {
  const root = inside.getRootNode();
  if (!(root instanceof ShadowRoot) || typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return;
  const elements = [...root.querySelectorAll('style')];
  if (elements.length === 0) return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(elements.map((e) => e.textContent ?? '').join('\n'));
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    for (const e of elements) e.remove();
  } catch {
    // The <style> element keeps styling the player.
  }
}

export function AudioPlayer({ src, waveform, totalTime, startTime = 0, transcodingStatus, title = 'Audio' }: AudioPlayerProps) {
  const container = useRef<HTMLDivElement>(null);
  const ws = useRef<WaveSurfer | null>(null);
  const [state, setState] = useState<AudioPlayerState>(transcodingStatus === 'failed' ? 'error' : 'loading');
  const [error, setError] = useState<string | null>(transcodingStatus === 'failed' ? audioErrorMessage('failed') : null);
  const [time, setTime] = useState(startTime);
  const [duration, setDuration] = useState(totalTime ?? 0);

  useEffect(() => {
    if (transcodingStatus === 'failed' || !container.current) return;
    const styles = getComputedStyle(container.current);
    const peaks = waveform && waveform.length > 0 && totalTime ? [waveform] : undefined;
    const instance = WaveSurfer.create({
      container: container.current,
      url: src,
      peaks,
      duration: peaks ? (totalTime ?? undefined) : undefined,
      height: 56,
      // The player styles its shadow DOM with a <style> element; the page's CSP admits it by this nonce.
      cspNonce: pageStyleNonce(),
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      normalize: !peaks,
      waveColor: styles.getPropertyValue('--cp-wave') || '#c7d2fe',
      progressColor: styles.getPropertyValue('--cp-wave-progress') || '#4338ca',
      cursorWidth: 1,
      backend: 'MediaElement',
      fetchParams: { credentials: 'same-origin' },
    });
    ws.current = instance;
    adoptShadowStyles(instance.getWrapper());
    const media = instance.getMediaElement();
    if (media) media.preload = peaks ? 'metadata' : 'auto';
    const fail = (e: unknown) => {
      setError(audioErrorMessage(transcodingStatus, e));
      setState('error');
    };
    const subs = [
      instance.on('ready', (d) => {
        setDuration(d || totalTime || 0);
        if (startTime) instance.setTime(startTime);
        setState((s) => (s === 'error' ? s : 'ready'));
      }),
      instance.on('play', () => setState('playing')),
      instance.on('pause', () => setState((s) => (s === 'error' ? s : 'paused'))),
      instance.on('timeupdate', (t) => setTime(t)),
      instance.on('error', fail),
    ];
    const onMediaError = () => fail(media?.error);
    media?.addEventListener('error', onMediaError);
    return () => {
      subs.forEach((off) => off());
      media?.removeEventListener('error', onMediaError);
      instance.destroy();
      ws.current = null;
    };
  }, [src, waveform, totalTime, startTime, transcodingStatus]);

  const playing = state === 'playing';
  const canPlay = state === 'ready' || state === 'playing' || state === 'paused';
  return (
    <div className="cp-audio" data-state={state} data-waveform={waveform?.length ? 'stored' : 'decoded'} aria-label={title} role="group">
      <button
        type="button"
        className="cp-audio__toggle"
        disabled={!canPlay}
        aria-label={playing ? `Pause ${title}` : `Play ${title}`}
        onClick={() =>
          void ws.current
            ?.playPause()
            .catch((e: unknown) =>
              e instanceof DOMException && e.name === 'AbortError' ? undefined : (setError(audioErrorMessage(transcodingStatus, e)), setState('error')),
            )
        }
      >
        {state === 'loading' ? <span className="cp-audio__spinner" aria-hidden="true" /> : <Icon name={playing ? 'pause' : 'play'} size={20} />}
      </button>
      <div className="cp-audio__main">
        <div ref={container} className="cp-audio__wave" hidden={state === 'error'} />
        {state === 'error' ? (
          <p className="cp-audio__error" role="alert">
            {error}
          </p>
        ) : (
          <div className="cp-audio__clock" aria-live="off">
            <span data-testid="audio-time">{formatPlayerTime(time)}</span> / <span>{formatPlayerTime(duration)}</span>
            {state === 'loading' && <span className="cp-audio__status"> · Loading…</span>}
          </div>
        )}
      </div>
    </div>
  );
}

export default AudioPlayer;
