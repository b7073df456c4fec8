export * from './envelope.js';
export * from './codes.js';
export * from './routes.js';
export * from './constants.js';
export * from './portal-config.js';
// Types only: the browser must not carry the TypeBox runtime. The BFF imports the schema
// values from '@portal/contracts/schemas'.
export type * from './api/user.js';
export type * from './api/account.js';
export type * from './api/notices.js';
export type * from './api/coupons.js';
export type * from './api/sign-use.js';
export type * from './api/agents.js';
export type * from './api/shop.js';
export type * from './api/admin.js';
export type * from './api/coupons-admin.js';
export type * from './api/users-admin.js';
export type * from './api/trades-admin.js';
export type * from './api/statistics.js';
export type * from './api/withdrawals.js';
export type * from './api/prizes.js';
export type * from './api/profile.js';
export type * from './api/feedback.js';
export type * from './api/staff.js';
export type * from './api/gifts.js';
export type * from './api/traffic-records.js';
export type * from './api/current-password.js';
export type * from './api/second-factor.js';
export type * from './api/channel.js';
export type * from './api/sessions.js';
export type * from './api/subscription-devices.js';
export type * from './api/notifications.js';
export type * from './api/client-rules.js';
export * from './withdrawals.js';
export * from './prizes.js';
export * from './profile.js';
export * from './current-password.js';
// Values in their own entry (@portal/contracts/sessions): the index is shared whole with every first page.
export type * from './sessions.js';
// Values in their own entry (@portal/contracts/subscription-devices).
export type * from './subscription-devices.js';
export type * from './notifications.js';
// Values in their own entry (@portal/contracts/second-factor): the index is shared whole with every first page.
export type * from './second-factor.js';
export * from './feedback.js';
// Values in their own entry (@portal/contracts/staff): the index is shared whole with every first page.
export type * from './staff.js';
export * from './gifts.js';
export * from './messages.js';
