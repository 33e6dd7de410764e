import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { appStoreUrl, INSTALL_PATH, type AppStore } from "../../lib/links";

/**
 * The link to a store's app: its store page when a native app's address is configured; else the
 * installable web app's page, /install, worded as what it is (no page promises an app that does
 * not exist: docs/PRODUCT-RULES.md).
 */
export function AppStoreLink({ store, className }: { store: AppStore; className?: string }) {
  const { t } = useTranslation("common");
  const url = appStoreUrl(store);
  if (url) {
    return (
      <a className={className} href={url} rel="noopener">
        {t(`footer.${store}`)}
      </a>
    );
  }
  return (
    <Link className={className} to={INSTALL_PATH}>
      {t(`footer.${store}Install`)}
    </Link>
  );
}
