import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { RouteDef } from '@portal/contracts';
import { PageSkeleton, RegionError } from '@portal/ui';
import { loadRemotePages } from './federation';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Last net under the retry layer: a remote that throws while rendering costs only its area. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('remote area failed', error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <RegionError
          onRetry={this.props.onRetry}
        />
      );
    }
    return this.props.children;
  }
}

function lazyPage(route: RouteDef): ComponentType {
  return lazy(async () => {
    const pages = await loadRemotePages(route.remote);
    const Page = pages[route.page];
    if (!Page) throw new Error(`${route.remote} has no page ${route.page}`);
    // Pages may themselves be lazy inside the remote; a lazy cannot resolve to a lazy, so wrap.
    return { default: () => <Page /> };
  });
}

/** Renders one route's page from its remote, with loading, retry and fallback in its own area. */
export function RemoteRoute({ route }: { route: RouteDef }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt, so "retry" really loads again.
  const Page = useMemo(() => lazyPage(route), [route, attempt]);
  return (
    <div data-route-area={route.remote}>
      <RemoteBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<PageSkeleton />}>
          <Page />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
