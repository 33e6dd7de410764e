import { stageWord, type OrderStage, type OrderType } from "@parkwell/contract";
import { useTranslation } from "react-i18next";

/**
 * An order's stage as a badge, in the back office's words ("Pending" for placed; a pickup's
 * "delivered" is "Collected": it is handed over at the park).
 */
export function StageBadge({ stage, type }: { stage: OrderStage; type: OrderType }) {
  const { t } = useTranslation("admin-marketplace");
  return <span className={`mp-stage mp-stage--${stage}`}>{t(`stages.${stageWord(stage, type)}`)}</span>;
}
