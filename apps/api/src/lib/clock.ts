/** The time source every rule reads; tests pass a fixed or steppable one. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
