import { Component, Suspense, use, useState, type ReactNode } from 'react';
import type { RouteDef } from '@portal/contracts';
import { PageSkeleton, RegionError } from '@portal/ui';
import { forgetRemote, loadRemotePages } from './federation';
import { FirstPaintTakeover, takeOverFirstPaint } from './first-paint';

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
    // The drawing ahead of the page must not hide that the page failed.
    takeOverFirstPaint();
  }

  override render() {
    if (this.state.failed) {
      return <RegionError onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}

/** Suspends until the owning remote's page map is loaded, then renders the route's page. */
function RemotePage({ route }: { route: RouteDef }) {
  const pages = use(loadRemotePages(route.remote));
  const Page = pages[route.page];
  if (!Page) throw new Error(`${route.remote} has no page ${route.page}`);
  return (
    <>
      <Page />
      <FirstPaintTakeover />
    </>
  );
}

/** Renders one route's page from its remote, with loading, retry and fallback in its own area. */
export function RemoteRoute({ route }: { route: RouteDef }) {
  // Each retry remounts the boundary; a failed load is not cached, so it really loads again.
  const [attempt, setAttempt] = useState(0);
  return (
    <div data-route-area={route.remote}>
      <RemoteBoundary
        key={attempt}
        onRetry={() => {
          forgetRemote(route.remote);
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={<PageSkeleton />}>
          <RemotePage route={route} />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
