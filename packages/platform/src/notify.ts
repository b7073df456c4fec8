/**
 * The platform package knows nothing of the UI kit: it reports user-facing messages through
 * a notifier that the UI package installs when its provider mounts.
 */
export type NoticeKind = 'success' | 'error' | 'info' | 'warning';
export interface Notice {
  kind: NoticeKind;
  title: string;
  durationMs?: number;
}
type Notifier = (notice: Notice) => void;

let notifier: Notifier = () => undefined;

export function setNotifier(next: Notifier): void {
  notifier = next;
}

export function notify(notice: Notice): void {
  notifier(notice);
}
