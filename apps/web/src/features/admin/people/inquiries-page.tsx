import { CHARGER_CONNECTOR_NAMES, INQUIRY_KINDS, type Inquiry, type InquiryKind } from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link, Route, Routes, useParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { errorText } from "../../../lib/form-errors";
import { useCan } from "../me";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { inquiriesQuery, inquiryQuery, setInquiryStatus } from "./api";
import { formatNumber } from "../../../lib/format";
import { formatDateTime } from "./format";
import "./people.css";

const FILTERS = ["kind", "status", "search"] as const;

/** /admin/inquiries and /admin/inquiries/:kind/:id: Contact Us messages, demo requests and charger hosts' sites. */
export function InquiriesPage() {
  return (
    <Routes>
      <Route index element={<InquiryList />} />
      <Route path=":kind/:id" element={<InquiryDetail />} />
    </Routes>
  );
}

function InquiryList() {
  const { t, i18n } = useTranslation("admin-people");
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...inquiriesQuery(applied, page, size), placeholderData: keepPreviousData });
  const columns: Column<Inquiry>[] = [
    {
      key: "from",
      header: t("inquiries.columns.from"),
      cell: (i) => (
        <>
          <Link to={`${i.kind}/${i.id}`}>
            <strong>{i.name}</strong>
          </Link>
          <br />
          <span className="pp-muted">{i.company ?? i.email}</span>
        </>
      ),
    },
    {
      key: "kind",
      header: t("inquiries.columns.kind"),
      cell: (i) => (
        <>
          {t(`inquiries.kinds.${i.kind}`)}
          <br />
          <span className="pp-muted">{subject(t, i)}</span>
        </>
      ),
    },
    {
      key: "reference",
      header: t("inquiries.columns.reference"),
      cell: (i) => <span className="pp-code">{i.reference}</span>,
    },
    {
      key: "status",
      header: t("inquiries.columns.status"),
      cell: (i) => (
        <span className={`pp-badge pp-badge--${i.status}`}>{t(`inquiries.status.${i.status}`)}</span>
      ),
    },
    {
      key: "received",
      header: t("inquiries.columns.received"),
      cell: (i) => formatDateTime(i.created_at, i18n.language),
    },
  ];
  return (
    <>
      <PageHeader title={t("inquiries.title")} description={t("inquiries.description")} />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          label={t("inquiries.filters.search")}
          value={draft.search}
          maxLength={200}
          onChange={(e) => set("search", e.target.value)}
        />
        <SelectField
          label={t("inquiries.filters.kind")}
          options={[
            ["", t("inquiries.filters.any")],
            ...INQUIRY_KINDS.map((k) => [k, t(`inquiries.kinds.${k}`)] as const),
          ]}
          value={draft.kind}
          onChange={(e) => set("kind", e.target.value)}
        />
        <SelectField
          label={t("inquiries.filters.status")}
          options={[
            ["", t("inquiries.filters.any")],
            ["new", t("inquiries.status.new")],
            ["answered", t("inquiries.status.answered")],
          ]}
          value={draft.status}
          onChange={(e) => set("status", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("inquiries.title")}
        columns={columns}
        rowKey={(i) => i.id}
        query={list}
        emptyText={t("inquiries.empty")}
      />
    </>
  );
}

/** What an inquiry is about, under its kind in the list: a topic, an interest, a site's kind and city. */
function subject(t: TFunction, i: Inquiry): string {
  switch (i.kind) {
    case "contact":
      return t(`inquiries.topics.${i.topic}`, { defaultValue: i.topic ?? "" });
    case "demo":
      return t(`inquiries.interests.${i.interest}`, { defaultValue: i.interest ?? "" });
    case "ev_host":
      return [t(`inquiries.siteKinds.${i.site_kind}`, { defaultValue: i.site_kind ?? "" }), i.city]
        .filter(Boolean)
        .join(" · ");
  }
}

const connectorNames = (list: string[] | null) =>
  list?.length
    ? list
        .map((c) =>
          c in CHARGER_CONNECTOR_NAMES
            ? CHARGER_CONNECTOR_NAMES[c as keyof typeof CHARGER_CONNECTOR_NAMES]
            : c,
        )
        .join(", ")
    : null;

function InquiryDetail() {
  const { t, i18n } = useTranslation("admin-people");
  const { kind = "", id = "" } = useParams();
  const can = useCan();
  const queryClient = useQueryClient();
  const detail = useQuery(inquiryQuery(kind, id));
  const mark = useMutation({
    mutationFn: (answered: boolean) =>
      setInquiryStatus(kind as InquiryKind, id, answered ? "answered" : "new"),
    onSuccess: async (i) => {
      queryClient.setQueryData(inquiryQuery(kind, id).queryKey, i);
      await queryClient.invalidateQueries({ queryKey: ["admin", "inquiries"] });
    },
  });
  const back = (
    <Link className="pp-back" to="../..">
      ← {t("inquiries.back")}
    </Link>
  );
  if (detail.isPending) return <LoadingState text={t("loading")} />;
  if (detail.isError) {
    return (
      <>
        {back}
        <FormAlert message={errorText(t, detail.error)} />
      </>
    );
  }
  const i = detail.data;
  const lang = i18n.language;
  const answered = i.status === "answered";
  const rows: [string, string | number | null][] = [
    [t("inquiries.fields.reference"), i.reference],
    [t("inquiries.fields.email"), i.email],
    [t("inquiries.fields.phone"), i.phone],
    [
      t("inquiries.fields.topic"),
      i.topic ? t(`inquiries.topics.${i.topic}`, { defaultValue: i.topic }) : null,
    ],
    [t("inquiries.fields.company"), i.company],
    [t("inquiries.fields.country"), i.country_code],
    [
      t("inquiries.fields.interest"),
      i.interest ? t(`inquiries.interests.${i.interest}`, { defaultValue: i.interest }) : null,
    ],
    [t("inquiries.fields.city"), i.city],
    [t("inquiries.fields.address"), i.address],
    [
      t("inquiries.fields.siteKind"),
      i.site_kind ? t(`inquiries.siteKinds.${i.site_kind}`, { defaultValue: i.site_kind }) : null,
    ],
    [t(i.kind === "ev_host" ? "inquiries.fields.spacesEv" : "inquiries.fields.spaces"), i.spaces],
    [
      t("inquiries.fields.hasChargers"),
      i.has_chargers === null ? null : t(i.has_chargers ? "inquiries.fields.yes" : "inquiries.fields.no"),
    ],
    [t("inquiries.fields.connectors"), connectorNames(i.connectors)],
    [
      t("inquiries.fields.power"),
      i.power_kw === null
        ? null
        : t("inquiries.fields.kw", { kw: formatNumber(i.power_kw, lang, { maximumFractionDigits: 1 }) }),
    ],
    [
      t("inquiries.fields.language"),
      i.language === "fr" ? "Français" : i.language === "en" ? "English" : null,
    ],
    [t("inquiries.fields.received"), formatDateTime(i.created_at, lang)],
  ];
  return (
    <>
      {back}
      <PageHeader
        title={`${t(`inquiries.kinds.${i.kind}`)} · ${i.name}`}
        description={
          <span className={`pp-badge pp-badge--${i.status}`}>
            {t(`inquiries.status.${i.status}`)}
            {i.answered_at &&
              ` · ${formatDateTime(i.answered_at, lang)}${i.answered_by ? ` · ${i.answered_by.name || i.answered_by.email}` : ""}`}
          </span>
        }
        actions={
          can("inquiries.update") && (
            <>
              <a className="button" href={`mailto:${i.email}?subject=${encodeURIComponent(i.reference)}`}>
                {t("inquiries.reply")}
              </a>
              <button
                type="button"
                className={answered ? "button" : "button button--accent"}
                disabled={mark.isPending}
                onClick={() => mark.mutate(!answered)}
              >
                {t(answered ? "inquiries.markNew" : "inquiries.markAnswered")}
              </button>
            </>
          )
        }
      />
      <FormAlert message={mark.isError ? errorText(t, mark.error) : null} />
      <dl className="pp-details">
        {rows
          .filter((r): r is [string, string | number] => r[1] !== null && r[1] !== "")
          .map(([label, value]) => (
            <div key={label} style={{ display: "contents" }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {i.message && (
        <section aria-labelledby="pp-message">
          <h2 id="pp-message">{t("inquiries.fields.message")}</h2>
          <p className="pp-message">{i.message}</p>
        </section>
      )}
    </>
  );
}
