export * from './permissions.ts';
export * from './roles.ts';
export * from './access.ts';
export * from './grant-list.ts';
export * from './api-token-permissions.ts';
export * from './api-token-secrets.ts';
