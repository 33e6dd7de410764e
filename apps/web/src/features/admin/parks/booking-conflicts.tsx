import type { StrandedBooking } from "@parkwell/contract";
import { useEffect, useRef } from "react";
import { formatShortZoned } from "../../../lib/zoned-time";

/** One kind of thing the edit cut (a vehicle type's spaces, a charger group): its line, its bookings. */
export interface ConflictGroup {
  key: string | number;
  line: string;
  /** As a 409 lists them (capacity_conflict, charger_conflict). */
  bookings: StrandedBooking[];
}

/**
 * What a park edit refused with a 409 would leave without what was booked: the title, then per
 * group its line and its bookings (code, plate, window on the park's clock with the day and month),
 * then the footer's line.
 * The one way the back office lists them (the capacities, the chargers). It takes the focus when
 * it shows, so a keyboard or a phone user lands on it however far below the button it is.
 */
export function BookingConflicts({
  title,
  groups,
  footer,
  timeZone,
  language,
}: {
  title: string;
  groups: ConflictGroup[];
  /** A last line under the lists (what confirming does, or why nothing can). */
  footer?: string;
  timeZone: string;
  language: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      className="admin-park-conflicts"
      role="alert"
      tabIndex={-1}
      data-testid="booking-conflicts"
    >
      <p>
        <strong>{title}</strong>
      </p>
      {groups.map((g) => (
        <div key={g.key}>
          <p>{g.line}</p>
          <ul>
            {g.bookings.map((b) => (
              <li key={b.booking_code}>
                <span className="admin-park-code">{b.booking_code}</span> · {b.plate_number} ·{" "}
                {formatShortZoned(b.start_time, language, timeZone)} –{" "}
                {formatShortZoned(b.end_time, language, timeZone)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {footer && <p>{footer}</p>}
    </div>
  );
}
