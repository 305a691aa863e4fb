// The auth feature's public surface for other features.
export { useSignInGate } from './hooks/use-sign-in-gate';
