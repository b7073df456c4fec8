export * from './envelope.js';
export * from './codes.js';
export * from './routes.js';
export * from './constants.js';
export * from './portal-config.js';
export * from './api/user.js';
