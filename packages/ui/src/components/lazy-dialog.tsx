import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { frameMessages } from '@portal/contracts';
import { notify } from '@portal/platform';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export type LazyDialog<P> = ComponentType<P> & {
  /** Starts fetching the chunk (say, while the call that opens the dialog is on its way). */
  preload: () => void;
};

/** Rendered instead of a dialog whose chunk failed: tells the owner it is closed. */
function NotLoaded({ onClose }: { onClose: () => void }) {
  useEffect(() => onClose(), [onClose]);
  return null;
}

/**
 * A dialog in its own chunk, so it weighs nothing until it is needed. If the chunk cannot be
 * fetched (a redeploy removed it, the network dropped) the user gets a toast, the owner's
 * `onClose` runs so its state stays true, and the next opening fetches again.
 */
export function lazyDialog<P extends { onClose: () => void }>(load: Loader<P>): LazyDialog<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchChunk = () =>
    (pending ??= load().catch((error: unknown) => {
      console.error('dialog chunk not loaded', error);
      notify({ kind: 'error', title: frameMessages.lazyLoadFailed });
      pending = null;
      current = lazy(fetchChunk);
      return { default: NotLoaded as ComponentType<P> };
    }));
  let current = lazy(fetchChunk);

  function Dialog(props: P) {
    const Current = current;
    return (
      <Suspense fallback={null}>
        <Current {...props} />
      </Suspense>
    );
  }
  return Object.assign(Dialog, { preload: () => void fetchChunk() });
}
