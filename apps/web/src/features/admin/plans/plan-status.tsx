import { useTranslation } from "react-i18next";

/** A plan's or a pass's status as a badge. */
export function StatusBadge({ kind, status }: { kind: "plan" | "pass"; status: string }) {
  const { t } = useTranslation("admin-plans");
  return (
    <span className={`admin-plan-status admin-plan-status--${status}`}>{t(`${kind}Status.${status}`)}</span>
  );
}
