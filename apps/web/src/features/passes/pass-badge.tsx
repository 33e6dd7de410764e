import type { Pass } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { passBadge } from "./pass-format";

/** The pass's status as a badge: active, ending, renewal failed, or ended and why. */
export function PassBadgeText({
  pass,
}: {
  pass: Pick<Pass, "status" | "ended_reason" | "cancel_at_period_end">;
}) {
  const { t } = useTranslation("passes");
  const badge = passBadge(pass);
  return (
    <span className={`pass-badge pass-badge--${badge}`} data-testid="pass-badge">
      {t(`badge.${badge}`)}
    </span>
  );
}
