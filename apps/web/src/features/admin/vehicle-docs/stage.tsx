import type { VehicleDocStage } from "@parkwell/contract";
import { useTranslation } from "react-i18next";

/** A renewal request's stage as a badge (the marketplace's badge shapes, this section's words). */
export function VehicleDocStageBadge({ stage }: { stage: VehicleDocStage }) {
  const { t } = useTranslation("admin-vehicle-docs");
  return <span className={`mp-stage vd-stage--${stage}`}>{t(`stages.${stage}`)}</span>;
}
