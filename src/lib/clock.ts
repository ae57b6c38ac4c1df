/** Milliseconds since the epoch. Injected so that tests can move time (expiry) without sleeping. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
