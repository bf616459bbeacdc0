/**
 * The uploader as its own chunk: Uppy (about 14 KB compressed) loads right after the screen that
 * holds it has hydrated, not with it. The handle works from the first render: files handed to it
 * before the chunk arrived are added as soon as it has.
 */
import { lazy, Suspense, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import type { UploaderHandle, UploaderProps } from './Uploader';
import './uploader.css';

const load = () => import('./Uploader');
const Uploader = lazy(load);

/** Uploader, loaded after hydration; same props and handle. */
export default function LazyUploader({ ref, ...props }: UploaderProps) {
  const inner = useRef<UploaderHandle | null>(null);
  const waiting = useRef<((handle: UploaderHandle) => void)[]>([]);
  const attach = useCallback((handle: UploaderHandle | null) => {
    inner.current = handle;
    if (handle) for (const call of waiting.current.splice(0)) call(handle);
  }, []);
  const when = (call: (handle: UploaderHandle) => void) => (inner.current ? call(inner.current) : waiting.current.push(call));
  useImperativeHandle(ref, () => ({
    addFiles: (files) => when((h) => h.addFiles(files)),
    clear: () => when((h) => h.clear()),
    browse: () => inner.current?.browse(),
  }));
  useEffect(() => void load(), []);
  return (
    <Suspense fallback={null}>
      <Uploader {...props} ref={attach} />
    </Suspense>
  );
}

export type { UploaderHandle };
