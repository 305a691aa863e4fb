export * from './begin-sign-in';
export * from './redirect-path';
export * from './session-query';
export * from './unauthorized';
export * from './use-signed-in-user';
