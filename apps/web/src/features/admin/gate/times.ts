import { dateTimeFormat } from "@parkwell/contract";

const CLOCK: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/** "10:42" on the park's clock: the gate's lists and cards are about one day at one park. */
export function clockOf(iso: string, timeZone: string): string {
  return dateTimeFormat(CLOCK, "en-GB", timeZone).format(new Date(iso));
}
