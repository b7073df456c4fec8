import { Component, type ReactNode } from 'react';
import { frameMessages } from '@portal/contracts';
import { notify } from '@portal/platform';

interface LazyBoundaryProps {
  /** Called once the piece failed to load, so the owner can forget that it wanted it. */
  onError: () => void;
  children: ReactNode;
}

/**
 * Around a lazily loaded piece of the frame (a dialog): if its chunk cannot be fetched (a
 * redeploy removed it, the network dropped), the user gets a toast and the page keeps working.
 */
export class LazyBoundary extends Component<LazyBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('lazy frame piece failed', error);
    notify({ kind: 'error', title: frameMessages.lazyLoadFailed });
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
