import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The path, query and fragment a hash address names ('#/shop?x=1' → '/shop?x=1'). */
const hashPath = (hash: string) => (hash.startsWith('#') ? hash.slice(1) : hash) || '/';

/**
 * The first render runs as a transition (bootstrap.tsx), in slices: the router reads the address
 * when it starts and listens for changes only once it commits. An address changed in between (a
 * back button, an edited address, a test's navigation) would be missed; once the router listens,
 * this brings it up to date with the address the browser shows.
 */
export function AddressCatchUp() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const current = hashPath(window.location.hash);
    if (current !== `${location.pathname}${location.search}${location.hash}`) void navigate(current, { replace: true });
    // Once, after the first commit: later changes reach the router through its own listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
