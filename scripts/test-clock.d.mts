export interface ClockInstant {
  at: string;
  what: string;
}
export declare const CLOCK_INSTANTS: readonly ClockInstant[];
export declare function rotatedInstant(today?: Date): ClockInstant;
export declare function libfaketime(): string | undefined;
export declare function chosenInstant(
  env?: Record<string, string | undefined>,
  today?: Date,
): (ClockInstant & { chosen: string }) | null;
export declare function clockEnv(
  at: string,
  env?: Record<string, string | undefined>,
): Record<string, string>;
export declare function describeClock(instant: (ClockInstant & { chosen: string }) | null): string;
