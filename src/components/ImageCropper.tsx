import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import '../styles/kit.css';

interface Props {
  file: File;
  onCancel: () => void;
  onCrop: (blob: Blob) => void;
  busy?: boolean;
  /** The frame's shape: round for people and brands (default), square for podcast artwork. */
  shape?: 'round' | 'square';
}

const FRAME = 260;
const OUT = 400;

/**
 * The image cropper (core screen set): the picture under a round (or square) frame, zoomed with a slider and moved by dragging
 * or with the arrow keys (Shift for bigger steps); the square under the frame is exported as PNG.
 */
export function ImageCropper({ file, onCancel, onCrop, busy, shape = 'round' }: Props) {
  const id = useId();
  const [src, setSrc] = useState<string | null>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  const imgRef = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // The smallest scale that covers the frame, times the zoom.
  const base = natural ? Math.max(FRAME / natural.w, FRAME / natural.h) : 1;
  const scale = base * zoom;
  const clamp = (o: { x: number; y: number }) => {
    if (!natural) return o;
    const maxX = Math.max(0, (natural.w * scale - FRAME) / 2);
    const maxY = Math.max(0, (natural.h * scale - FRAME) / 2);
    return { x: Math.min(maxX, Math.max(-maxX, o.x)), y: Math.min(maxY, Math.max(-maxY, o.y)) };
  };

  useEffect(() => setOffset((o) => clamp(o)), [zoom, natural]); // eslint-disable-line react-hooks/exhaustive-deps

  function onKey(e: KeyboardEvent) {
    const step = e.shiftKey ? 40 : 8;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      setOffset((o) => clamp({ x: o.x + m[0], y: o.y + m[1] }));
    } else if (e.key === '+' || e.key === '=') setZoom((z) => Math.min(4, z + 0.1));
    else if (e.key === '-') setZoom((z) => Math.max(1, z - 0.1));
  }

  function onPointerDown(e: PointerEvent) {
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
  }
  function onPointerMove(e: PointerEvent) {
    const d = drag.current;
    if (d) setOffset(clamp({ x: d.ox + e.clientX - d.x, y: d.oy + e.clientY - d.y }));
  }

  function crop() {
    const img = imgRef.current;
    if (!img || !natural) return;
    const canvas = document.createElement('canvas');
    canvas.width = OUT;
    canvas.height = OUT;
    const ctx = canvas.getContext('2d')!;
    // The frame's square in image pixels.
    const size = FRAME / scale;
    const sx = natural.w / 2 - offset.x / scale - size / 2;
    const sy = natural.h / 2 - offset.y / scale - size / 2;
    ctx.drawImage(img, sx, sy, size, size, 0, 0, OUT, OUT);
    canvas.toBlob((blob) => blob && onCrop(blob), 'image/png');
  }

  return (
    <div className="cp-cropper">
      <div
        className={`cp-cropper__frame${shape === 'square' ? ' cp-cropper__frame--square' : ''}`}
        role="application"
        tabIndex={0}
        aria-label="Crop area: drag or use the arrow keys to move the picture, plus and minus to zoom"
        onKeyDown={onKey}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
      >
        {src ? (
          <img
            ref={imgRef}
            src={src}
            alt="Picture being cropped"
            onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
            style={
              natural
                ? { width: natural.w * scale, height: natural.h * scale, transform: `translate(calc(-50% + ${offset.x}px), calc(-50% + ${offset.y}px))` }
                : { opacity: 0 }
            }
          />
        ) : null}
      </div>
      <div className="cp-field cp-cropper__zoom">
        <label htmlFor={`${id}-zoom`}>Zoom</label>
        <input id={`${id}-zoom`} type="range" min={1} max={4} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
      </div>
      <div className="cp-cropper__actions">
        <button type="button" className="cp-button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="cp-button cp-button--primary" onClick={crop} disabled={busy || !natural}>
          Save picture
        </button>
      </div>
    </div>
  );
}
