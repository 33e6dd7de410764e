import { useEffect, type FocusEvent } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatClockTime, parseClockTime } from "../../../lib/zoned-time";
import type { ParkValues } from "./park-editor";

/** The week's days, Sunday first, as the park's opening hours list them. */
export const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * A park's weekly opening hours in the editor: each day open or closed, its opening and closing
 * times typed on the language's clock, each time's problem under it.
 */
export function ParkHoursTable({
  form,
}: {
  form: Pick<UseFormReturn<ParkValues>, "register" | "setValue" | "watch" | "formState" | "getValues">;
}) {
  const { t, i18n } = useTranslation(["admin-parks", "auth"]);
  const { register, setValue, watch, formState } = form;
  /** A day's time: outlined, its problem under it (and read with it). */
  const timeError = (d: number, time: "open" | "close") => formState.errors.days?.[d]?.[time]?.message;
  const timeProps = (d: number, time: "open" | "close") =>
    timeError(d, time)
      ? { "aria-invalid": true as const, "aria-describedby": `park-hours-${d}-${time}` }
      : { "aria-invalid": false as const };
  const timeMessage = (d: number, time: "open" | "close") => {
    const message = timeError(d, time);
    return message ? (
      <small id={`park-hours-${d}-${time}`} className="admin-park-cell-error">
        {message}
      </small>
    ) : null;
  };
  /** A day's time, a text field: left, it is written back on the language's clock (if it is a time). */
  const clockField = (d: number, time: "open" | "close") => {
    const field = register(`days.${d}.${time}` as const);
    return {
      ...field,
      onBlur: async (e: FocusEvent<HTMLInputElement>) => {
        const hhmm = parseClockTime(e.target.value, time === "close");
        if (hhmm) setValue(`days.${d}.${time}`, formatClockTime(hhmm, i18n.language));
        await field.onBlur(e);
      },
    };
  };
  // A change of language rewrites the times on its clock.
  useEffect(() => {
    for (const d of DAYS) {
      for (const time of ["open", "close"] as const) {
        const hhmm = parseClockTime(form.getValues(`days.${d}.${time}`), time === "close");
        if (hhmm) setValue(`days.${d}.${time}`, formatClockTime(hhmm, i18n.language));
      }
    }
  }, [i18n.language, form, setValue]);
  const days = watch("days");

  return (
    <table className="admin-park-hours">
      <caption className="visually-hidden">{t("sections.hours")}</caption>
      <tbody>
        {DAYS.map((d) => (
          <tr key={d}>
            <th scope="row">{t(`days.${d}`)}</th>
            <td>
              <select
                aria-label={t("dayMode", { day: t(`days.${d}`) })}
                {...register(`days.${d}.mode` as const)}
              >
                <option value="open">{t("open")}</option>
                <option value="closed">{t("closed")}</option>
              </select>
            </td>
            <td>
              <input
                type="text"
                autoComplete="off"
                size={8}
                aria-label={t("opensAt", { day: t(`days.${d}`) })}
                disabled={days[d]?.mode === "closed"}
                data-day-closed={days[d]?.mode === "closed" || undefined}
                {...timeProps(d, "open")}
                {...clockField(d, "open")}
              />
              {timeMessage(d, "open")}
            </td>
            <td>
              <input
                type="text"
                autoComplete="off"
                size={8}
                aria-label={t("closesAt", { day: t(`days.${d}`) })}
                disabled={days[d]?.mode === "closed"}
                data-day-closed={days[d]?.mode === "closed" || undefined}
                {...timeProps(d, "close")}
                {...clockField(d, "close")}
              />
              {timeMessage(d, "close")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
