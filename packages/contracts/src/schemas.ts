/** TypeBox schemas of the calls: values for the BFF's validation; types come from the index. */
export * from './api/user.js';
export * from './api/account.js';
export * from './api/notices.js';
export * from './api/coupons.js';
export * from './api/shop.js';
export * from './api/admin.js';
export * from './api/coupons-admin.js';
export * from './api/users-admin.js';
export * from './api/trades-admin.js';
export * from './api/withdrawals.js';
export * from './api/prizes.js';
export * from './api/profile.js';
export * from './api/feedback.js';
export * from './api/gifts.js';
export * from './api/traffic-records.js';
export * from './api/current-password.js';
export * from './api/staff.js';
