import {
  GATE_CODE_ALPHABET,
  POS_DEFAULT_MINUTES,
  PosSaleBodySchema,
  type GatePaymentMethod,
  type PosSaleStatus,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatZonedClock } from "../../../lib/zoned-time";
import { useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { WithCode } from "../../../components/ui/with-code";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { serverFields } from "../../../lib/form-errors";
import { gateErrorText } from "./errors";
import { formatMoney, vehicleTypeLabel } from "../../../lib/format";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useCan } from "../me";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DataTable, type Column } from "../ui/data-table";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { closeSale, posSalesQuery, recordSale, voidSale, type GatePark, type PosSale } from "./api";
import { ParkPicker, useChosenPark } from "../ui/park-picker";
import "./gate.css";

const STAYS = [30, 60, 120, 180, 240, 360, 480, 720, 1440] as const;
const SALE_CODE = new RegExp(`DU-[${GATE_CODE_ALPHABET}]{8}`);

/**
 * The plate's error, the drive-up code it names kept on one line: the refusal of a car already
 * parked ("... drive-up DU-C2GNQ6JM") wrapped at the code's hyphen on a phone, half the code on
 * each line for the attendant to find in the list below.
 */
function plateError(message: string | undefined) {
  const code = message?.match(SALE_CODE)?.[0];
  return code ? <WithCode text={message!} code={code} /> : message;
}

interface SaleValues {
  vehicle_type_id: string;
  plate_number: string;
  expected_minutes: string;
}

/** Record a drive-up: vehicle type, plate, expected stay (it holds a space until the car leaves). */
function SaleForm({ park }: { park: GatePark }) {
  const { t, i18n } = useTranslation(["admin-gate", "auth", "bookings"]);
  const client = useQueryClient();
  const [recorded, setRecorded] = useState<PosSale | null>(null);
  const form = useSchemaForm<SaleValues, typeof PosSaleBodySchema>({
    schema: PosSaleBodySchema,
    defaultValues: {
      vehicle_type_id: String(park.vehicle_types[0]?.id ?? ""),
      plate_number: "",
      expected_minutes: String(POS_DEFAULT_MINUTES),
    },
    toInput: (v) => ({
      park_id: park.id,
      vehicle_type_id: Number(v.vehicle_type_id),
      plate_number: v.plate_number,
      expected_minutes: Number(v.expected_minutes),
    }),
  });
  const sell = useMutation({
    mutationFn: recordSale,
    onMutate: () => setRecorded(null),
    onSuccess: async ({ sale }) => {
      setRecorded(sale);
      form.reset({ ...form.getValues(), plate_number: "" });
      await client.invalidateQueries({ queryKey: ["admin", "pos", "sales"] });
    },
    onError: (err) => form.showServerErrors(err),
  });
  const submit = form.handleSubmit((body) => sell.mutate(body));
  // What no field shows: a refusal without fields in the gate's words, else the field's message.
  const alert = form.serverAlert(sell.error);
  const saleAlert =
    alert !== null && Object.keys(serverFields(sell.error)).length === 0
      ? gateErrorText(t, sell.error)
      : alert;
  const hours = (m: number) => (m < 60 ? t("pos.minutes", { count: m }) : t("pos.hours", { count: m / 60 }));
  return (
    <form
      className="gate-form pos-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="pos-new"
    >
      <h2 id="pos-new" className="gate-section-title">
        {t("pos.new")}
      </h2>
      <SelectField
        label={t("pos.vehicleType")}
        required
        options={park.vehicle_types.map((v) => [v.id, vehicleTypeLabel(t, v.id, v.name)] as const)}
        error={form.formState.errors.vehicle_type_id?.message}
        {...form.register("vehicle_type_id")}
      />
      <TextField
        label={t("pos.plate")}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="gate-code-input"
        error={plateError(form.formState.errors.plate_number?.message)}
        {...form.register("plate_number")}
      />
      <SelectField
        label={t("pos.expected")}
        options={STAYS.map((m) => [m, hours(m)] as const)}
        error={form.formState.errors.expected_minutes?.message}
        {...form.register("expected_minutes")}
      />
      <button type="submit" className="button button--accent gate-action" disabled={sell.isPending}>
        {t("pos.record")}
      </button>
      <FormAlert message={saleAlert} />
      {recorded && (
        <p className="alert alert--success" role="status" data-testid="pos-recorded">
          {t("pos.recorded", {
            code: recorded.sale_code,
            plate: recorded.plate_number,
            until: formatZonedClock(recorded.end_time, i18n.language, recorded.park.time_zone),
          })}
          {" · "}
          {t("pos.priceNow", { amount: formatMoney(recorded.amount ?? 0, recorded.currency, i18n.language) })}
        </p>
      )}
    </form>
  );
}

type Pending = { sale: PosSale; kind: "close"; method: GatePaymentMethod } | { sale: PosSale; kind: "void" };

/**
 * The drive-up page: record a car without a booking, the cars parked, and their exit (the price
 * by the park's rate, paid in cash or by card) or a void within 10 minutes of a mistake.
 */
export function PosPage() {
  const { t, i18n } = useTranslation(["admin-gate", "auth", "bookings"]);
  const can = useCan();
  const client = useQueryClient();
  const chosen = useChosenPark("pos.view");
  const { park } = chosen;
  const [search, setSearch] = useSearchParams();
  const status = (search.get("status") ?? "parked") as PosSaleStatus | "";
  const { page, size, setPage } = usePageParams();
  const sales = useQuery({ ...posSalesQuery(park?.id ?? 0, status, page, size), enabled: Boolean(park) });
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (p: Pending) =>
      p.kind === "close" ? closeSale(p.sale.sale_code, p.method) : voidSale(p.sale.sale_code),
    onSuccess: async ({ sale }) => {
      setPending(null);
      setDone(
        sale.status === "closed"
          ? t("pos.closed", {
              plate: sale.plate_number,
              amount: formatMoney(sale.amount ?? 0, sale.currency, i18n.language),
              method: t(`pos.method.${sale.payment_method ?? "cash"}`),
            })
          : t("pos.voided", { plate: sale.plate_number }),
      );
      await client.invalidateQueries({ queryKey: ["admin", "pos", "sales"] });
    },
  });
  const money = (s: PosSale) => (s.amount === null ? "—" : formatMoney(s.amount, s.currency, i18n.language));
  const ask = (p: Pending) => {
    change.reset();
    setDone(null);
    setPending(p);
  };

  const columns: Column<PosSale>[] = [
    {
      key: "car",
      header: t("pos.car"),
      cell: (s) => (
        <>
          <strong className="gate-plate-sm">{s.plate_number}</strong>
          <br />
          {vehicleTypeLabel(t, s.vehicle_type_id, s.vehicle_type)} ·{" "}
          <span className="gate-mono">{s.sale_code}</span>
        </>
      ),
    },
    {
      key: "time",
      header: t("pos.time"),
      cell: (s) =>
        `${formatZonedClock(s.start_time, i18n.language, s.park.time_zone)} – ${formatZonedClock(s.end_time, i18n.language, s.park.time_zone)}`,
    },
    { key: "status", header: t("pos.status"), cell: (s) => t(`pos.statuses.${s.status}`) },
    {
      key: "amount",
      header: t("pos.amount"),
      numeric: true,
      cell: (s) =>
        s.status === "closed" ? `${money(s)} (${t(`pos.method.${s.payment_method ?? "cash"}`)})` : money(s),
    },
    {
      key: "actions",
      header: t("pos.actions"),
      cell: (s) =>
        s.status === "parked" && can("pos.update") ? (
          <div className="pos-row-actions">
            <button
              type="button"
              className="button"
              onClick={() => ask({ sale: s, kind: "close", method: "cash" })}
            >
              {t("pos.closeCash")}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => ask({ sale: s, kind: "close", method: "card" })}
            >
              {t("pos.closeCard")}
            </button>
            {s.can_void && (
              <button
                type="button"
                className="button button--danger"
                onClick={() => ask({ sale: s, kind: "void" })}
              >
                {t("pos.void")}
              </button>
            )}
          </div>
        ) : null,
    },
  ];

  return (
    <div className="gate-page">
      <PageHeader title={t("pos.title")} description={t("pos.intro")} />
      <ParkPicker {...chosen} />
      {park && can("pos.create") && <SaleForm key={park.id} park={park} />}
      {done && (
        <p className="alert alert--success" role="status">
          {done}
        </p>
      )}
      {park && (
        <section className="gate-today" aria-labelledby="pos-list-title">
          <h2 id="pos-list-title" className="gate-section-title">
            {t("pos.list")}
          </h2>
          <SelectField
            label={t("pos.show")}
            value={status}
            onChange={(e) => {
              setSearch((s) => {
                const next = new URLSearchParams(s);
                next.set("status", e.target.value);
                return next;
              });
              setPage(1);
            }}
            options={[
              ["parked", t("pos.statuses.parked")],
              ["closed", t("pos.statuses.closed")],
              ["void", t("pos.statuses.void")],
              ["", t("pos.statuses.all")],
            ]}
          />
          <DataTable
            caption={t("pos.list")}
            columns={columns}
            rowKey={(s) => s.id}
            query={sales}
            emptyText={t("pos.empty")}
            cards
          />
        </section>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === "void" ? t("pos.voidTitle") : t("pos.closeTitle")}
        message={
          pending === null
            ? ""
            : pending.kind === "void"
              ? t("pos.voidMessage", { plate: pending.sale.plate_number })
              : t("pos.closeMessage", {
                  plate: pending.sale.plate_number,
                  amount: money(pending.sale),
                  method: t(`pos.method.${pending.method}`),
                })
        }
        confirmLabel={pending?.kind === "void" ? t("pos.confirmVoid") : t("pos.confirmClose")}
        danger={pending?.kind === "void"}
        busy={change.isPending}
        error={change.error ? gateErrorText(t, change.error) : null}
        onConfirm={() => pending && change.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
