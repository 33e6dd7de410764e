import type { ReferralInvitation } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { TextField } from "../../components/ui/form-field";
import { Pagination } from "../../components/ui/pagination";
import { deviceId } from "../../lib/device-id";
import { formatMoney } from "../../lib/format";
import { errorText } from "../../lib/form-errors";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { referralsQuery } from "./api";
import "./referrals.css";

/** The page the URL asks for (`?page=2`); anything else is the first. */
function pageOf(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The link and its Copy button: the whole address, selected when the browser cannot copy. */
function ShareLink({ link }: { link: string }) {
  const { t } = useTranslation("referrals");
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const url = `${window.location.origin}${link}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      const input = document.getElementById("referral-link") as HTMLInputElement | null;
      input?.select();
      setCopied("no");
    }
  };
  return (
    <div className="referrals-share">
      <TextField
        id="referral-link"
        label={t("me.link")}
        value={url}
        readOnly
        onFocus={(e) => e.target.select()}
      />
      <button type="button" className="button button--accent" onClick={() => void copy()}>
        {t("me.copy")}
      </button>
      <p role="status" className="referrals-copied">
        {copied === "yes" ? t("me.copied") : copied === "no" ? t("me.copyByHand") : ""}
      </p>
    </div>
  );
}

function Invitation({ item, timeZone }: { item: ReferralInvitation; timeZone: string }) {
  const { t, i18n } = useTranslation("referrals");
  return (
    <li className="referral-row">
      <span className="referral-row__who">
        <strong>{item.name}</strong> <span className="referral-row__email">{item.email}</span>
      </span>
      <span className={`referral-status referral-status--${item.status}`}>{t(`status.${item.status}`)}</span>
      <span className="referral-row__meta">
        {t("me.registeredOn")}{" "}
        <time dateTime={item.registered_at}>
          {formatZonedDateTime(item.registered_at, i18n.language, timeZone)}
        </time>
        {item.rewarded_at && (
          <>
            {" · "}
            {t("me.rewardedOn")}{" "}
            <time dateTime={item.rewarded_at}>
              {formatZonedDateTime(item.rewarded_at, i18n.language, timeZone)}
            </time>
          </>
        )}
        {item.reason && (
          <>
            {" · "}
            {t(`reasons.${item.reason}`)}
          </>
        )}
      </span>
      {item.earned && (
        <span className="referral-row__earned">
          {formatMoney(item.earned.amount, item.earned.currency, i18n.language)}
        </span>
      )}
    </li>
  );
}

/** /referrals (signed in): the driver's link and code, what each side gets, what they earned, their invitations. */
export function ReferralsPage() {
  const { t, i18n } = useTranslation("referrals");
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const me = useQuery({ ...referralsQuery(page, deviceId()), placeholderData: keepPreviousData });
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, i18n.language);

  return (
    <div className="container page referrals-page">
      <h1>{t("me.title")}</h1>
      {me.isPending && <p role="status">{t("common:loading")}</p>}
      {me.isError && (
        <div className="alert alert--error" role="alert">
          <p>{errorText(t, me.error)}</p>
          <button type="button" className="button" onClick={() => void me.refetch()}>
            {t("me.retry")}
          </button>
        </div>
      )}
      {me.data && (
        <>
          <p className="referrals-lead">
            {me.data.reward ? t("me.lead", { amount: money(me.data.reward) }) : t("me.noReward")}{" "}
            <Link to="/affiliates">{t("me.rules")}</Link>
          </p>
          <section className="referrals-card" aria-labelledby="referrals-share">
            <h2 id="referrals-share">{t("me.shareTitle")}</h2>
            <ShareLink link={me.data.link} />
            <p>
              {t("me.code")} <strong className="referrals-code">{me.data.code}</strong>
            </p>
          </section>
          <section className="referrals-card" aria-labelledby="referrals-earned">
            <h2 id="referrals-earned">{t("me.earnedTitle")}</h2>
            <p className="referrals-total" data-testid="referrals-earned">
              {me.data.earned.length > 0 ? me.data.earned.map(money).join(" + ") : t("me.nothingYet")}
            </p>
          </section>
          <section aria-labelledby="referrals-invited">
            <h2 id="referrals-invited">{t("me.invitedTitle")}</h2>
            {me.data.invitations.items.length === 0 ? (
              <p className="referrals-empty">{t("me.empty")}</p>
            ) : (
              <ul className="referrals-list" aria-labelledby="referrals-invited">
                {me.data.invitations.items.map((item) => (
                  <Invitation key={item.id} item={item} timeZone={me.data.time_zone} />
                ))}
              </ul>
            )}
            <Pagination
              page={me.data.invitations.page}
              pages={me.data.invitations.pages}
              onPage={(p) => setParams(p > 1 ? { page: String(p) } : {}, { replace: true })}
            />
          </section>
        </>
      )}
    </div>
  );
}

/** What an invitation pays each side in each country, from the API (the /affiliates page). */
export function ReferralRewardsList({
  rewards,
}: {
  rewards: { country_name: string; amount: number; currency: string }[];
}) {
  const { t, i18n } = useTranslation("referrals");
  return (
    <section className="referrals-rewards" aria-labelledby="referral-rewards">
      <h2 id="referral-rewards">{t("rewards.title")}</h2>
      <ul>
        {rewards.map((r) => (
          <li key={r.country_name}>
            {t("rewards.item", {
              country: r.country_name,
              amount: formatMoney(r.amount, r.currency, i18n.language),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
