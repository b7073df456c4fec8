import { messages, redirectMs, toastMs } from '@portal/contracts';
import { notify } from './notify.js';

/**
 * The login-required helper of spec-1 §4, for any screen: by default the info toast
 * '暂未登录，请登录' and the login page after 2 s; it can also go at once and silently.
 */
export function requireLogin({
  silent = false,
  immediate = false,
}: { silent?: boolean; immediate?: boolean } = {}): void {
  if (!silent) notify({ kind: 'info', title: messages.loginRequired, durationMs: toastMs.short });
  const toLogin = () => {
    location.hash = '#/login';
  };
  if (immediate) toLogin();
  else setTimeout(toLogin, redirectMs.loginRequired);
}
