import { PASS_SPACE_LABEL_MAX, PASS_STATUSES, type AdminPass } from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { errorText } from "../../../lib/form-errors";
import { vehicleTypeLabel } from "../../../lib/format";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { useCan } from "../me";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { ParkPicker } from "../ui/park-picker";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { passesQuery, plansQuery, updatePass } from "./api";
import { StatusBadge } from "./plan-status";

const FILTERS = ["park_id", "plan_id", "status", "search"] as const;

/** /admin/plans/passes: the passes sold at the user's parks, with the space label of named plans. */
export function PassesList() {
  const { t, i18n } = useTranslation(["admin-plans", "bookings"]);
  const lang = i18n.language.startsWith("fr") ? "fr" : "en";
  const can = useCan();
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...passesQuery(applied, page, size), placeholderData: keepPreviousData });
  // The plans to filter by: those of the park chosen (or all the user's), by park then name.
  const plans = useQuery(plansQuery(draft.park_id ? { park_id: draft.park_id } : {}, 1, 1000));

  const columns: Column<AdminPass>[] = [
    {
      key: "code",
      header: t("passColumns.pass"),
      cell: (p) => (
        <>
          <strong className="admin-park-code">{p.pass_code}</strong>
          <br />
          {p.driver.name}
          <br />
          <span className="admin-park-muted">{p.driver.email}</span>
        </>
      ),
    },
    {
      key: "plan",
      header: t("passColumns.plan"),
      cell: (p) => (
        <>
          <Link to={`../${p.plan.id}`}>{p.plan.name[lang]}</Link>
          <br />
          <span className="admin-park-muted">{p.park.name}</span>
        </>
      ),
    },
    {
      key: "vehicle",
      header: t("passColumns.vehicle"),
      cell: (p) => (
        <>
          {vehicleTypeLabel(t, p.vehicle_type_id, p.vehicle_type)}
          <br />
          {p.plates.join(", ")}
        </>
      ),
    },
    {
      key: "status",
      header: t("passColumns.status"),
      cell: (p) => (
        <>
          <StatusBadge kind="pass" status={p.status} />
          {p.ended_reason && (
            <span className="admin-park-muted"> · {t(`endedReason.${p.ended_reason}`)}</span>
          )}
          {p.inside && (
            <>
              <br />
              {t("inside")}
            </>
          )}
        </>
      ),
    },
    {
      key: "paid",
      header: t("passColumns.paidUntil"),
      cell: (p) => (
        <>
          {formatZonedDateTime(p.paid_until, i18n.language, p.park.time_zone)}
          <br />
          <span className="admin-park-muted">
            {p.status === "ended" ? t("ended") : p.renews ? t("renews") : t("ends")} ·{" "}
            {t("since", { date: formatZonedDateTime(p.starts_at, i18n.language, p.park.time_zone) })}
          </span>
        </>
      ),
    },
    {
      key: "space",
      header: t("passColumns.space"),
      cell: (p) =>
        p.plan.space_mode === "named" && p.status !== "ended" && can("plans.update") ? (
          <SpaceLabel pass={p} />
        ) : (
          (p.space_label ?? (p.plan.space_mode === "named" ? t("noLabel") : t("spaceMode.any")))
        ),
    },
  ];

  const statuses: [string, string][] = [
    ["", t("passStatus.any")],
    ...PASS_STATUSES.map((s): [string, string] => [s, t(`passStatus.${s}`)]),
  ];
  const planOptions: [string, string][] = [
    ["", t("filters.allPlans")],
    ...(plans.data?.items ?? []).map((p): [string, string] => [
      String(p.id),
      `${p.name[lang]} (${p.park.name})`,
    ]),
  ];
  if (draft.plan_id && !planOptions.some(([v]) => v === draft.plan_id))
    planOptions.push([draft.plan_id, `#${draft.plan_id}`]);

  return (
    <>
      <PageHeader
        title={t("passesTitle")}
        description={t("passesDescription")}
        actions={
          <Link className="button" to="..">
            {t("back")}
          </Link>
        }
      />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <ParkPicker
          permission="plans.view"
          value={draft.park_id}
          onChange={(v) => {
            set("park_id", v);
            set("plan_id", "");
          }}
        />
        <SelectField
          label={t("filters.plan")}
          options={planOptions}
          value={draft.plan_id}
          onChange={(e) => set("plan_id", e.target.value)}
        />
        <SelectField
          label={t("filters.status")}
          options={statuses}
          value={draft.status}
          onChange={(e) => set("status", e.target.value)}
        />
        <TextField
          label={t("filters.search")}
          value={draft.search}
          maxLength={40}
          onChange={(e) => set("search", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("passesTitle")}
        columns={columns}
        rowKey={(p) => p.id}
        query={list}
        emptyText={t("passesEmpty")}
        cards
      />
    </>
  );
}

/** A pass's space label, edited in its row: saved on Enter or with the button; "" clears it. */
function SpaceLabel({ pass }: { pass: AdminPass }) {
  const { t } = useTranslation(["admin-plans", "auth"]);
  const client = useQueryClient();
  const id = useId();
  const [value, setValue] = useState(pass.space_label ?? "");
  const save = useMutation({
    mutationFn: () => updatePass(pass.id, { space_label: value.trim() === "" ? null : value }),
    onSuccess: async (saved) => {
      setValue(saved.space_label ?? "");
      await client.invalidateQueries({ queryKey: ["admin", "passes"] });
    },
  });
  const changed = value.trim() !== (pass.space_label ?? "");
  return (
    <form
      className="admin-pass-label"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) save.mutate();
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {t("labelFor", { code: pass.pass_code })}
      </label>
      {/* eslint-disable-next-line forms/in-field -- a pass's space label, edited in its DataTable cell; its label is visually hidden */}
      <input
        id={id}
        value={value}
        maxLength={PASS_SPACE_LABEL_MAX}
        placeholder={t("labelPlaceholder")}
        aria-invalid={save.isError ? true : undefined}
        aria-describedby={save.isError ? `${id}-error` : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          save.reset();
        }}
      />
      <button type="submit" className="button" disabled={!changed || save.isPending}>
        {save.isPending ? t("saving") : t("saveLabel")}
      </button>
      {save.isError && (
        <span id={`${id}-error`} role="alert" className="admin-pass-label-error">
          {errorText(t, save.error)}
        </span>
      )}
      {save.isSuccess && !changed && (
        <span role="status" className="visually-hidden">
          {t("labelSaved")}
        </span>
      )}
    </form>
  );
}
