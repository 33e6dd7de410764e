import type { OrderStage } from "@parkwell/contract";
import { useTranslation } from "react-i18next";

/** A record's text in the language shown ({ en, fr }), English when French is missing. */
export function loc(text: { en: string; fr: string } | null | undefined, language: string): string {
  if (!text) return "";
  return language.startsWith("fr") && text.fr ? text.fr : text.en;
}

/** An order's stage as a badge, in the back office's words ("Pending" for placed). */
export function StageBadge({ stage }: { stage: OrderStage }) {
  const { t } = useTranslation("admin-marketplace");
  return <span className={`mp-stage mp-stage--${stage}`}>{t(`stages.${stage}`)}</span>;
}
