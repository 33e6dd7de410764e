import { WALLET_PASS_LINK_TTL_MS, type WalletLinks as Links } from "@parkwell/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import "./wallet-links.css";

/** A link this close to its end is fetched anew before it is opened. */
const LINK_MARGIN_MS = 60_000;

/**
 * A booking's or a monthly pass's wallet passes (decision 065), each shown only when the server
 * gives it (its wallet's keys are configured): Apple's .pkpass and Google's save link, both plain
 * links, so the phone hands the pass to its wallet. The .pkpass's link is signed for the driver for
 * 15 minutes: on a page left open longer (`fetchedAt`, when the page's answer came), the page is
 * fetched again (`refresh`) and its new link opened. Each carries the same QR code as the page; a
 * new download follows a change of the booking.
 */
export function WalletLinks({
  wallet,
  fetchedAt,
  refresh,
}: {
  wallet: Links;
  fetchedAt: number;
  refresh: () => Promise<Links | undefined>;
}) {
  const { t } = useTranslation("common");
  const [failed, setFailed] = useState(false);
  if (!wallet.apple && !wallet.google) return null;
  const openApple = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (Date.now() - fetchedAt < WALLET_PASS_LINK_TTL_MS - LINK_MARGIN_MS) return;
    event.preventDefault();
    setFailed(false);
    const fresh = await refresh().catch(() => undefined);
    if (fresh?.apple) window.location.assign(fresh.apple);
    else setFailed(true);
  };
  return (
    <div className="wallet-links" data-testid="wallet-links">
      {wallet.apple && (
        <a className="button" href={wallet.apple} onClick={(event) => void openApple(event)}>
          {t("walletPass.apple")}
        </a>
      )}
      {wallet.google && (
        <a className="button" href={wallet.google} target="_blank" rel="noreferrer">
          {t("walletPass.google")}
        </a>
      )}
      {failed && (
        <p role="alert" className="alert alert--error">
          {t("walletPass.failed")}
        </p>
      )}
    </div>
  );
}
