import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SavedCopy } from "../../lib/offline-passes";
import { formatZonedDateTime } from "../../lib/zoned-time";
import "./alert.css";

/**
 * Says a page shows what this device kept (lib/offline-passes.ts), not the API's answer: one
 * booking or pass (`copy`, its saving time on `zone`, the park's clock) or a list of them.
 */
export function SavedCopyNotice({ copy, zone }: { copy?: SavedCopy; zone?: string }) {
  const { t, i18n } = useTranslation("common");
  return (
    <div role="status" className="alert alert--notice" data-testid="saved-copy">
      <p>
        {copy && zone
          ? t("offline.savedCopy", { date: formatZonedDateTime(copy.saved_at, i18n.language, zone) })
          : t("offline.savedList")}
      </p>
      <p>
        <Link to="/offline">{t("offline.whatWorks")}</Link>
      </p>
    </div>
  );
}
