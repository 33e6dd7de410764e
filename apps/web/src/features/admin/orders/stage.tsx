import type { OrderStage } from "@parkwell/contract";
import { useTranslation } from "react-i18next";

/** An order's stage as a badge, in the back office's words ("Pending" for placed). */
export function StageBadge({ stage }: { stage: OrderStage }) {
  const { t } = useTranslation("admin-marketplace");
  return <span className={`mp-stage mp-stage--${stage}`}>{t(`stages.${stage}`)}</span>;
}
