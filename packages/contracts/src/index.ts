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
export type * from './api/profile.js';
export type * from './api/feedback.js';
export type * from './api/gifts.js';
export type * from './api/traffic-records.js';
export * from './withdrawals.js';
export * from './profile.js';
export * from './feedback.js';
export * from './gifts.js';
export * from './messages.js';
