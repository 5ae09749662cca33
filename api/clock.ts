/** Epoch milliseconds. Injected so tests can move time forward instead of waiting. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
