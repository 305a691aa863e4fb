export * from './redirect-path';
export * from './session-query';
export * from './use-logout';
