import { useTranslation } from "react-i18next";

/** An event's status as a badge, in the list, the form and the report. */
export function EventStatus({ status }: { status: string }) {
  const { t } = useTranslation("admin-events");
  return <span className={`admin-event-status admin-event-status--${status}`}>{t(`status.${status}`)}</span>;
}
