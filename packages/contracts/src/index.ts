export * from './envelope.js';
export * from './codes.js';
export * from './routes.js';
export * from './constants.js';
export * from './portal-config.js';
// Types only: the browser must not carry the TypeBox runtime. The BFF imports the schema
// values from '@portal/contracts/schemas'.
export type * from './api/user.js';
