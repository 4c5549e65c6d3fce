/**
 * The database schema, one file per area under `tables/`: `core` (companies, accounts, sessions,
 * the widget's inbox, calls), then the areas added on top of it. drizzle-kit and the client read
 * this file; code imports tables from here.
 */
export * from './tables/core';
export * from './tables/payments';
export * from './tables/settings';
export * from './tables/networks';
export * from './tables/call-media';
export * from './tables/promo';
export * from './tables/wheel';
export * from './tables/callbacks';
export * from './tables/call-links';
export * from './tables/recordings';
export * from './tables/video-mail-uploads';
export * from './tables/audit';
export * from './tables/staff';
export * from './tables/retention';
export * from './tables/data-requests';
export * from './tables/ratings';
export * from './tables/consents';
export * from './tables/call-figures';
export * from './tables/authenticator';
