/** The server's clock. Injected so tests can move time (weekly access expiry, session expiry). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
