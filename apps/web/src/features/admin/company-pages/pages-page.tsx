import { PAGE_KEYS, type PageContent, type PageKey, type PageVersion } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { ApiError } from "../../../lib/api";
import { errorText } from "../../../lib/form-errors";
import { useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { adminPagesQuery, pageVersionsQuery, publishPage } from "./api";
import { sectionsToText, textToSections } from "./page-text";
import "./pages.css";

const when = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/**
 * /admin/pages (decision 035): the company's pages (Terms, Privacy, Cancellation Policy, About,
 * Help FAQs) with their current version; one page's text in English and French to publish as a
 * new version with a note; its versions, who published each, when and why.
 */
export function AdminPagesPage() {
  const { t, i18n } = useTranslation("admin-pages");
  const [params, setParams] = useSearchParams();
  const selected = (PAGE_KEYS as readonly string[]).includes(params.get("page") ?? "")
    ? (params.get("page") as PageKey)
    : null;
  const list = useQuery(adminPagesQuery());
  return (
    <div className="admin-pages">
      <PageHeader title={t("title")} description={t("description")} />
      {list.isPending ? (
        <LoadingState text={t("loading")} />
      ) : list.isError ? (
        <FormAlert message={errorText(t, list.error)} />
      ) : (
        <div className="admin-table">
          <div className="admin-table__scroll" role="region" aria-label={t("title")} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t("col.page")}</th>
                  <th scope="col">{t("col.version")}</th>
                  <th scope="col">{t("col.published")}</th>
                  <th scope="col">{t("col.note")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("col.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((page) => (
                  <tr key={page.key} aria-current={page.key === selected ? "true" : undefined}>
                    <th scope="row">{t(`keys.${page.key}`)}</th>
                    <td>{page.version}</td>
                    <td>
                      {when(page.published_at, i18n.language)}
                      {page.author ? ` · ${page.author.name}` : ""}
                    </td>
                    <td>{page.note}</td>
                    <td>
                      <button
                        type="button"
                        className="button"
                        onClick={() => setParams({ page: page.key })}
                        aria-label={t("open", { page: t(`keys.${page.key}`) })}
                      >
                        {t("openShort")}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {selected && <PageEditor key={selected} pageKey={selected} />}
    </div>
  );
}

interface Draft {
  title: string;
  lead: string;
  text: string;
}
const draftOf = (c: PageContent): Draft => ({
  title: c.title,
  lead: c.lead,
  text: sectionsToText(c.sections),
});
const contentOf = (d: Draft): PageContent => ({
  title: d.title,
  lead: d.lead,
  sections: textToSections(d.text),
});

function PageEditor({ pageKey }: { pageKey: PageKey }) {
  const { t } = useTranslation("admin-pages");
  const can = useCan();
  const client = useQueryClient();
  const versions = useQuery(pageVersionsQuery(pageKey));
  const [drafts, setDrafts] = useState<{ en: Draft; fr: Draft } | null>(null);
  const [note, setNote] = useState("");
  const headingId = useId();
  const current = versions.data?.items[0];
  const shown =
    drafts ?? (current ? { en: draftOf(current.content.en), fr: draftOf(current.content.fr) } : null);
  const publish = useMutation({
    mutationFn: () =>
      publishPage(pageKey, { content: { en: contentOf(shown!.en), fr: contentOf(shown!.fr) }, note }),
    onSuccess: async () => {
      setDrafts(null);
      setNote("");
      await client.invalidateQueries({ queryKey: ["admin", "pages"] });
      await client.invalidateQueries({ queryKey: ["pages", pageKey] });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    publish.mutate();
  };
  const set = (lang: "en" | "fr", field: keyof Draft, value: string) =>
    setDrafts({ ...shown!, [lang]: { ...shown![lang], [field]: value } });
  const fields = publish.error instanceof ApiError ? (publish.error.fields ?? {}) : {};
  if (versions.isPending) return <LoadingState text={t("loading")} />;
  if (versions.isError || !shown) return <FormAlert message={errorText(t, versions.error)} />;
  const editable = can("pages.update");
  return (
    <section className="admin-pages__editor" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("editTitle", { page: t(`keys.${pageKey}`), version: current!.version })}</h2>
      <form onSubmit={onSubmit} noValidate>
        <p className="field__hint">{t("formatHint")}</p>
        <div className="admin-pages__languages">
          {(["en", "fr"] as const).map((lang) => (
            <fieldset key={lang} disabled={!editable}>
              <legend>{t(`lang.${lang}`)}</legend>
              <Field label={t("field.title")} error={fields[`content.${lang}.title`]}>
                {(id, err) => (
                  <input
                    id={id}
                    aria-invalid={err}
                    value={shown[lang].title}
                    onChange={(e) => set(lang, "title", e.target.value)}
                  />
                )}
              </Field>
              <Field label={t("field.lead")} error={fields[`content.${lang}.lead`]}>
                {(id, err) => (
                  <textarea
                    id={id}
                    rows={3}
                    aria-invalid={err}
                    value={shown[lang].lead}
                    onChange={(e) => set(lang, "lead", e.target.value)}
                  />
                )}
              </Field>
              <Field label={t("field.sections")} error={sectionError(fields, lang)}>
                {(id, err) => (
                  <textarea
                    id={id}
                    rows={16}
                    aria-invalid={err}
                    value={shown[lang].text}
                    onChange={(e) => set(lang, "text", e.target.value)}
                  />
                )}
              </Field>
            </fieldset>
          ))}
        </div>
        {editable && (
          <>
            <Field label={t("field.note")} error={fields.note}>
              {(id, err) => (
                <input id={id} aria-invalid={err} value={note} onChange={(e) => setNote(e.target.value)} />
              )}
            </Field>
            <FormAlert message={publish.isError && !fields.note ? errorText(t, publish.error) : null} />
            {publish.isSuccess && <p role="status">{t("published", { version: publish.data.version })}</p>}
            <button type="submit" className="button button--accent" disabled={publish.isPending}>
              {publish.isPending ? t("publishing") : t("publish")}
            </button>
          </>
        )}
      </form>
      <Versions items={versions.data.items} />
    </section>
  );
}

const sectionError = (fields: Record<string, string>, lang: string) =>
  Object.entries(fields).find(([k]) => k.startsWith(`content.${lang}.sections`))?.[1];

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (id: string, invalid: true | undefined) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, error ? true : undefined)}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Versions({ items }: { items: PageVersion[] }) {
  const { t, i18n } = useTranslation("admin-pages");
  return (
    <section aria-labelledby="page-versions-title">
      <h3 id="page-versions-title">{t("versions")}</h3>
      <ol className="admin-pages__versions" reversed>
        {items.map((v) => (
          <li key={v.version}>
            <strong>{t("versionN", { version: v.version })}</strong> · {when(v.published_at, i18n.language)} ·{" "}
            {v.author?.name ?? t("noAuthor")}
            <br />
            {v.note}
          </li>
        ))}
      </ol>
    </section>
  );
}
