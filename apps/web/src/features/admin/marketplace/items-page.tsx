import { ITEM_KINDS, RECORD_STATUSES, type AdminMarketItemListItem } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format";
import { useCan } from "../me";
import { loc } from "../orders/format";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { categoryOptionsQuery, itemsQuery } from "./api";
import { MarketTabs, StatusBadge, useCountryOptions } from "./widgets";

const FILTERS = ["search", "country", "category_id", "kind", "status"] as const;

/** /admin/marketplace/items: every item of every country, filtered and searched. */
export function ItemsPage() {
  const { t, i18n } = useTranslation("admin-marketplace");
  const lang = i18n.language;
  const can = useCan();
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...itemsQuery(applied, page, size), placeholderData: keepPreviousData });
  const categories = useQuery(categoryOptionsQuery);
  const countries = useCountryOptions();

  const columns: Column<AdminMarketItemListItem>[] = [
    {
      key: "name",
      header: t("columns.name"),
      cell: (i) => (
        <div className="mp-item-cell">
          {i.image_url ? (
            <img src={i.image_url} alt="" width={48} height={48} loading="lazy" />
          ) : (
            <span className="mp-item-cell__blank" aria-hidden="true" />
          )}
          <span>
            <Link to={String(i.id)}>
              <strong>{loc(i.name, lang)}</strong>
            </Link>
            <br />
            <span className="admin-park-muted">
              {t(`kinds.${i.kind}`)} · {loc(i.category.name, lang)}
            </span>
          </span>
        </div>
      ),
    },
    { key: "country", header: t("columns.country"), cell: (i) => i.country_code },
    {
      key: "price",
      header: t("columns.price"),
      numeric: true,
      cell: (i) => formatMoney(i.price.amount, i.price.currency, lang),
    },
    {
      key: "stock",
      header: t("columns.stock"),
      numeric: true,
      cell: (i) =>
        i.kind === "service"
          ? t("items.perDay", { count: i.daily_capacity ?? 0 })
          : i.stock === null
            ? "—"
            : i.stock,
    },
    { key: "variations", header: t("columns.variations"), numeric: true, cell: (i) => i.variations },
    { key: "sold", header: t("columns.sold"), numeric: true, cell: (i) => i.sold },
    { key: "status", header: t("columns.status"), cell: (i) => <StatusBadge status={i.status} /> },
  ];

  return (
    <>
      <PageHeader
        title={t("items.title")}
        description={t("items.description")}
        actions={
          can("marketplace.create") && (
            <Link className="button button--accent" to="new">
              {t("items.new")}
            </Link>
          )
        }
      />
      <MarketTabs />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          label={t("filters.search")}
          value={draft.search}
          maxLength={100}
          onChange={(e) => set("search", e.target.value)}
        />
        <SelectField
          label={t("filters.country")}
          options={[["", t("filters.anyCountry")], ...countries]}
          value={draft.country}
          onChange={(e) => set("country", e.target.value)}
        />
        <SelectField
          label={t("form.category")}
          options={[
            ["", t("filters.anyCategory")],
            ...(categories.data?.items ?? []).map((c) => [String(c.id), loc(c.name, lang)] as const),
          ]}
          value={draft.category_id}
          onChange={(e) => set("category_id", e.target.value)}
        />
        <SelectField
          label={t("form.kind")}
          options={[["", t("filters.anyKind")], ...ITEM_KINDS.map((k) => [k, t(`kinds.${k}`)] as const)]}
          value={draft.kind}
          onChange={(e) => set("kind", e.target.value)}
        />
        <SelectField
          label={t("filters.status")}
          options={[
            ["", t("filters.anyStatus")],
            ...RECORD_STATUSES.map((s) => [s, t(`status.${s}`)] as const),
          ]}
          value={draft.status}
          onChange={(e) => set("status", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("items.title")}
        columns={columns}
        rowKey={(i) => i.id}
        query={list}
        emptyText={t("empty")}
      />
    </>
  );
}
