import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/ui/info-content";
import { useHydrated } from "../../lib/hydrated";
import { isStandalone, promptInstall, useInstallState } from "../../lib/install-prompt";
import { PageHead } from "../../lib/seo/page-head";
import "./install-page.css";

/**
 * /install: the app-store links' destination while there is no native app (decision 043). Where
 * the browser offers the install (Chromium's beforeinstallprompt), a button opens its dialog; in
 * the installed app, it says so; elsewhere (iOS Safari, Firefox, a browser that has not offered
 * it yet), the steps by hand. The server and the first browser render show the steps: they work
 * without a script, and only the browser knows the rest.
 */
export function InstallPage() {
  const { t } = useTranslation("install");
  const hydrated = useHydrated();
  const { prompt, installed } = useInstallState();
  const [asking, setAsking] = useState(false);

  const install = async () => {
    setAsking(true);
    try {
      await promptInstall();
    } finally {
      setAsking(false);
    }
  };

  let body = <Steps />;
  if (hydrated && isStandalone()) {
    body = <p role="status">{t("standalone")}</p>;
  } else if (hydrated && installed) {
    body = <p role="status">{t("installed")}</p>;
  } else if (hydrated && prompt) {
    body = (
      <section aria-labelledby="install-offer">
        <h2 id="install-offer">{t("offer.title")}</h2>
        <p>{t("offer.text")}</p>
        <button
          type="button"
          className="button button--accent"
          onClick={() => void install()}
          disabled={asking}
        >
          {t("offer.button")}
        </button>
      </section>
    );
  }

  return (
    <article className="info">
      <PageHead title={t("title")} description={t("lead")} path="/install" />
      <PageHeader title={t("title")} lead={t("lead")} />
      <div className="container prose install">{body}</div>
    </article>
  );
}

/** The steps by hand: iOS's Share sheet, and the other browsers' menus. */
function Steps() {
  const { t } = useTranslation("install");
  return (
    <>
      {(["ios", "browsers"] as const).map((where) => (
        <section key={where} aria-labelledby={`install-${where}`}>
          <h2 id={`install-${where}`}>{t(`steps.${where}.title`)}</h2>
          <ol className="install__steps">
            {(t(`steps.${where}.items`, { returnObjects: true }) as string[]).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ))}
      <p className="install__note">{t("steps.note")}</p>
    </>
  );
}
