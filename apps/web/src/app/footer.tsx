import {
  SOCIAL_LINKS_DEFAULT,
  SOCIAL_NETWORKS,
  type SocialLinks,
  type SocialNetwork,
} from "@parkwell/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppStoreLink } from "../components/ui/app-store-link";
import { api } from "../lib/api";
import { useSelectedCountry } from "../lib/country";
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

/** Parkwell's social links per country (docs/PRODUCT-RULES.md#social-links), as the API serves them. */
export const socialLinksQuery = () =>
  queryOptions({
    queryKey: ["social-links"],
    queryFn: ({ signal }) => api("/social-links", { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The links a country shows: its item (already resolved against DEFAULT), else DEFAULT's; none with an address left out. */
export function socialLinksOf(
  data: SocialLinks,
  countryCode: string,
): { network: SocialNetwork; url: string }[] {
  const item =
    data.items.find((i) => i.country_code === countryCode) ??
    data.items.find((i) => i.country_code === SOCIAL_LINKS_DEFAULT);
  if (!item) return [];
  return SOCIAL_NETWORKS.flatMap((network) => (item[network] ? [{ network, url: item[network] }] : []));
}

/**
 * The selected country's social links: each network's name and a small drawn mark, a 44 px target.
 * Nothing while they load or if they cannot be had (no address is made up here).
 */
function SocialLinksNav() {
  const { t } = useTranslation();
  const country = useSelectedCountry();
  const data = useQuery(socialLinksQuery()).data;
  const links = data ? socialLinksOf(data, country.code) : [];
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby="footer-social-title">
      <h2 className="footer__title" id="footer-social-title">
        {t("footer.followUs")}
      </h2>
      <ul className="footer__social">
        {links.map(({ network, url }) => (
          <li key={network}>
            <a href={url} rel="noopener">
              <SocialMark network={network} />
              {t(`footer.social.${network}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A network's mark, drawn inline (decorative: the link's text names the network). */
function SocialMark({ network }: { network: SocialNetwork }) {
  return (
    <svg
      className="footer__mark"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="1" y="1" width="22" height="22" rx="6" fill="none" stroke="currentColor" strokeWidth="2" />
      {network === "facebook" && (
        <path
          d="M13.5 19v-6h2l.4-2.5h-2.4V9c0-.7.3-1.2 1.3-1.2H16V5.6c-.3 0-1.1-.1-2-.1-2 0-3.2 1.2-3.2 3.3v1.7H8.7V13h2.1v6z"
          fill="currentColor"
        />
      )}
      {network === "instagram" && (
        <>
          <circle cx="12" cy="12" r="4.2" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="17.3" cy="6.7" r="1.2" fill="currentColor" />
        </>
      )}
      {network === "linkedin" && (
        <path
          d="M6.5 10h2.4v7.5H6.5zM7.7 6.2a1.4 1.4 0 1 1 0 2.8 1.4 1.4 0 0 1 0-2.8zM10.6 10h2.3v1c.4-.7 1.3-1.2 2.5-1.2 2.4 0 2.9 1.6 2.9 3.6v4.1h-2.4v-3.6c0-.9 0-2-1.2-2s-1.4.9-1.4 1.9v3.7h-2.7z"
          fill="currentColor"
        />
      )}
      {network === "twitter" && (
        <path
          d="M6.5 6h3.2l8 12h-3.2zM17 6l-4.3 4.9M7 18l4.3-4.9"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      )}
    </svg>
  );
}

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
          <SocialLinksNav />
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
