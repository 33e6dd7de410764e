import { useTranslation } from "react-i18next";
import { PageHeader, Sections, type InfoSection } from "../../components/ui/info-content";
import { DemoForm } from "./demo-form";

/** /book-demo: what the demo covers, then the request form. */
export function BookDemoPage() {
  const { t } = useTranslation("contact");
  const sections = t("demo.sections", { returnObjects: true }) as InfoSection[];
  return (
    <article className="info">
      <PageHeader title={t("demo.title")} lead={t("demo.lead")} />
      <div className="container two-columns">
        <div className="prose">
          <Sections sections={Array.isArray(sections) ? sections : []} bare />
        </div>
        <DemoForm />
      </div>
    </article>
  );
}
