export interface ClockInstant {
  at: string;
  /** The time zone (TZ) the test process runs in at this instant; undefined: the process's own. */
  tz?: string | undefined;
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
  tz?: string,
): Record<string, string>;
export declare function describeClock(instant: (ClockInstant & { chosen: string }) | null): string;
