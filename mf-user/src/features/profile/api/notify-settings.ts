import type { NotifySettings, NotifySettingsChange, TelegramBindLink } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/notify_settings: the Telegram binding, staff topics and the mail switch. */
export function notifySettings() {
  return call<NotifySettings>('user/notify_settings', {});
}

/** POST /api/user/change_notify_settings */
export function changeNotifySettings(change: NotifySettingsChange) {
  return call<NotifySettings>('user/change_notify_settings', change);
}

/** POST /api/user/telegram_bind: a one-time deep link to the bot (10 minutes). */
export function telegramBindLink() {
  return call<TelegramBindLink>('user/telegram_bind', {});
}
