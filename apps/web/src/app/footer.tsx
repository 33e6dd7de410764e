import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppStoreLink } from "../components/ui/app-store-link";
import { EXTERNAL_LINKS } from "../lib/links";

const COLUMNS = [
  {
    title: "footer.company",
    links: [
      ["/about", "footer.about"],
      ["/careers", "footer.careers"],
      ["/affiliates", "footer.affiliates"],
      ["/media-coverage", "footer.mediaCoverage"],
      ["/blog", "footer.blog"],
      ["/events", "footer.events"],
      ["/marketplace", "footer.marketplace"],
    ],
  },
  {
    title: "footer.products",
    links: [
      ["/business-accounts", "footer.businessAccounts"],
      ["/car-park-management", "footer.carParkManagement"],
      ["/electric-vehicle-charging", "footer.evCharging"],
      ["/rent-out-ev-charger", "footer.rentOutEvCharger"],
      ["/how-parkwell-works", "footer.howItWorks"],
      ["/subscription-plans", "footer.subscriptionPlans"],
    ],
  },
  {
    title: "footer.support",
    links: [
      ["/help", "footer.contactUs"],
      ["/book-demo", "footer.bookDemo"],
      ["/cancellation-policy", "footer.cancellationPolicy"],
    ],
  },
  {
    title: "footer.legal",
    links: [
      ["/privacy-policy", "footer.privacyPolicy"],
      ["/terms", "footer.terms"],
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div>
          <p className="brand brand--footer">{t("brand")}</p>
          <p>{t("footer.tagline")}</p>
          <p>
            <a href={EXTERNAL_LINKS.partnerSite} rel="noopener">
              {t("footer.getStartedPartner")}
            </a>
            {" · "}
            <a href={EXTERNAL_LINKS.partnerSite} rel="noopener">
              {t("footer.rentOutSpace")}
            </a>
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={t(col.title)}>
            <h2 className="footer__title">{t(col.title)}</h2>
            <ul>
              {col.links.map(([to, key]) => (
                <li key={to}>
                  <Link to={to}>{t(key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="footer__title">{t("footer.getTheApp")}</h2>
          <ul>
            <li>
              <AppStoreLink store="appStore" />
            </li>
            <li>
              <AppStoreLink store="googlePlay" />
            </li>
          </ul>
        </div>
      </div>
      <p className="container footer__copy">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
