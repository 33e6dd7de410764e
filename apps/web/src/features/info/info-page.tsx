import type { PageContent, PageKey } from "@parkwell/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Ctas, NotYet, PageHeader, Sections, type InfoSection } from "../../components/ui/info-content";
import { Spinner } from "../../components/ui/spinner";
import { usePageText } from "../../lib/pages";
import { PageHead } from "../../lib/seo/page-head";
import { EDITED_INFO_PAGES } from "./edited-pages";
import { INFO_PAGES, type InfoPageId } from "./pages";

/**
 * An information page rendered from its catalogue, or from the API for the pages the company edits;
 * `children` (a form the page's sections lead to) come after the sections.
 */
export function InfoPage({ id, children }: { id: InfoPageId; children?: ReactNode }) {
  const editable = EDITED_INFO_PAGES[id];
  return editable ? (
    <EditedInfoPage id={id} pageKey={editable}>
      {children}
    </EditedInfoPage>
  ) : (
    <CatalogueInfoPage id={id}>{children}</CatalogueInfoPage>
  );
}

function useCatalogueText(id: InfoPageId) {
  const config = INFO_PAGES[id];
  const { t } = useTranslation(config.ns);
  const k = config.key;
  return () => ({
    title: t(`${k}.title`),
    lead: t(`${k}.lead`),
    sections: asSections(t(`${k}.sections`, { returnObjects: true })),
  });
}

function CatalogueInfoPage({ id, children }: { id: InfoPageId; children?: ReactNode }) {
  const text = useCatalogueText(id)();
  return (
    <InfoBody id={id} text={text}>
      {children}
    </InfoBody>
  );
}

function EditedInfoPage({
  id,
  pageKey,
  children,
}: {
  id: InfoPageId;
  pageKey: PageKey;
  children?: ReactNode;
}) {
  const { content } = usePageText(pageKey, useCatalogueText(id));
  return content ? (
    <InfoBody id={id} text={content}>
      {children}
    </InfoBody>
  ) : (
    <Spinner />
  );
}

function InfoBody({ id, text, children }: { id: InfoPageId; text: PageContent; children?: ReactNode }) {
  const config = INFO_PAGES[id];
  const { t } = useTranslation(config.ns);
  const { pathname } = useLocation();
  const k = config.key;
  // Pages about a feature that is not open yet say so first (`today` in their catalogue entry).
  const today = "notYet" in config && config.notYet ? t(`${k}.today`) : null;
  const ctas = Object.entries("ctas" in config ? config.ctas : {}).map(
    ([name, to]) => [to, t(`${k}.ctas.${name}`)] as [string, string],
  );
  return (
    <article className="info">
      <PageHead title={text.title} description={text.lead} path={pathname} />
      <PageHeader title={text.title} lead={text.lead}>
        <Ctas ctas={ctas} />
      </PageHeader>
      {today && <NotYet title={t("notYet")} text={today} />}
      <Sections sections={text.sections} />
      {children && <div className="container info__form">{children}</div>}
    </article>
  );
}

const asSections = (value: unknown): InfoSection[] => (Array.isArray(value) ? (value as InfoSection[]) : []);
