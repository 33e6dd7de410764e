import { BLOG_SEARCH_MAX, BLOG_STATUSES, type AdminBlogPost } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { useCan } from "../me";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { blogPostsQuery } from "./api";
import { publishTime, versionIn } from "./format";

const FILTERS = ["status", "q"] as const;

/** /admin/blog: every post, drafts and scheduled ones too, the last changed first; filtered and searched. */
export function BlogPostsPage() {
  const { t, i18n } = useTranslation("admin-blog");
  const lang = i18n.language;
  const can = useCan();
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...blogPostsQuery(applied, page, size), placeholderData: keepPreviousData });

  const columns: Column<AdminBlogPost>[] = [
    {
      key: "title",
      header: t("columns.title"),
      cell: (p) => (
        <Link to={String(p.id)}>
          <strong>{versionIn(p, lang)?.title ?? `#${p.id}`}</strong>
        </Link>
      ),
    },
    {
      key: "status",
      header: t("columns.status"),
      cell: (p) => <span className={`blog-status blog-status--${p.status}`}>{t(`status.${p.status}`)}</span>,
    },
    {
      key: "publish_at",
      header: t("columns.publishAt"),
      cell: (p) => (p.publish_at ? publishTime(p.publish_at, lang) : "—"),
    },
    { key: "category", header: t("columns.category"), cell: (p) => p.category?.name ?? "—" },
    {
      key: "languages",
      header: t("columns.languages"),
      cell: (p) =>
        (["en", "fr"] as const)
          .filter((l) => p[l])
          .map((l) => t(`lang.${l}`))
          .join(", "),
    },
    { key: "author", header: t("columns.author"), cell: (p) => p.author },
  ];

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          can("blog.create") && (
            <Link className="button button--accent" to="new">
              {t("new")}
            </Link>
          )
        }
      />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          label={t("filters.search")}
          value={draft.q}
          maxLength={BLOG_SEARCH_MAX}
          onChange={(e) => set("q", e.target.value)}
        />
        <SelectField
          label={t("columns.status")}
          options={[
            ["", t("filters.anyStatus")],
            ...BLOG_STATUSES.map((s) => [s, t(`status.${s}`)] as const),
          ]}
          value={draft.status}
          onChange={(e) => set("status", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("title")}
        columns={columns}
        rowKey={(p) => p.id}
        query={list}
        emptyText={t("empty")}
      />
    </>
  );
}
