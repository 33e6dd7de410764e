import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { isCheckoutPath, useUpdateOffer } from "../lib/app-update";

/**
 * "A new version of Parkwell is ready": shown when the service worker has one waiting, except
 * mid-checkout (lib/app-update.ts), until the driver reloads into it or puts it off for this visit
 * (the new version then starts with the next visit, once every tab of the app has closed).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const update = useUpdateOffer();
  const [later, setLater] = useState(false);
  const [switching, setSwitching] = useState(false);
  if (!update || later || isCheckoutPath(pathname)) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <p>{t("update.ready")}</p>
      <div className="update-prompt__actions">
        <button
          type="button"
          className="button button--accent"
          disabled={switching}
          onClick={() => {
            setSwitching(true);
            void update();
          }}
        >
          {t("update.reload")}
        </button>
        <button type="button" className="button" onClick={() => setLater(true)}>
          {t("update.later")}
        </button>
      </div>
    </div>
  );
}
