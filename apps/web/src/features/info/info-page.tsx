import { useTranslation } from "react-i18next";
import { Ctas, NotYet, PageHeader, Sections, type InfoSection } from "../../components/ui/info-content";
import { INFO_PAGES, type InfoPageId } from "./pages";

/** An information page rendered from its catalogue (one of the public pages). */
export function InfoPage({ id }: { id: InfoPageId }) {
  const config = INFO_PAGES[id];
  const { t } = useTranslation(config.ns);
  const k = config.key;
  const sections = t(`${k}.sections`, { returnObjects: true }) as InfoSection[];
  // Pages about a feature that is not open yet say so first (`today` in their catalogue entry).
  const today = "notYet" in config && config.notYet ? t(`${k}.today`) : null;
  const ctas = Object.entries("ctas" in config ? config.ctas : {}).map(
    ([name, to]) => [to, t(`${k}.ctas.${name}`)] as [string, string],
  );
  return (
    <article className="info">
      <PageHeader title={t(`${k}.title`)} lead={t(`${k}.lead`)}>
        <Ctas ctas={ctas} />
      </PageHeader>
      {today && <NotYet title={t("notYet")} text={today} />}
      <Sections sections={Array.isArray(sections) ? sections : []} />
    </article>
  );
}
