import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { authConfigQuery, profileQuery } from "./api";
import { SocialError } from "./social-error";
import type { SocialProvider } from "./social";

/** After a popup sign-in the profile is fetched, then the app goes to / after 500 ms. */
export const SOCIAL_REDIRECT_DELAY_MS = 500;

export function SocialButtons({ onError }: { onError: (message: string | null) => void }) {
  const { t } = useTranslation("auth");
  const config = useQuery(authConfigQuery);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<SocialProvider | null>(null);

  const start = async (provider: SocialProvider) => {
    onError(null);
    if (!config.data?.social.enabled) {
      onError(t("social.unavailable"));
      return;
    }
    setBusy(provider);
    try {
      const { socialSignIn } = await import("./social");
      const result = await socialSignIn(config.data.social, provider);
      if (result === "redirecting") return;
      try {
        await queryClient.fetchQuery(profileQuery);
      } catch {
        onError(t("social.stateFailed"));
        return;
      }
      setTimeout(() => window.location.assign("/"), SOCIAL_REDIRECT_DELAY_MS);
    } catch (err) {
      onError(t(err instanceof SocialError ? err.key : "social.failed"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="acc-social">
      <button
        type="button"
        className="button acc-social__button"
        disabled={busy !== null}
        onClick={() => void start("google")}
      >
        {busy === "google" ? t("loading") : t("social.google")}
      </button>
      <button
        type="button"
        className="button acc-social__button"
        disabled={busy !== null}
        onClick={() => void start("apple")}
      >
        {busy === "apple" ? t("loading") : t("social.apple")}
      </button>
    </div>
  );
}
