import { ENGINE_BANDS, VEHICLE_DOC_TYPES, VEHICLE_USES } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { formatAmountInput, formatMoney, parseNumber } from "../../../lib/format";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import {
  updateVehicleDocFee,
  updateVehicleDocServiceCharge,
  vehicleDocFeesQuery,
  type VehicleDocFeeRow,
} from "./api";
import { NIGERIA_ZONE, useNigerianStates } from "./states";

const USE_ORDER = [...VEHICLE_USES, "any"] as const;
const BAND_ORDER = [...ENGINE_BANDS, "any"] as const;

/** The fee rows in the order a reader looks for them: by document, then use, then engine band. */
function byDocument(a: VehicleDocFeeRow, b: VehicleDocFeeRow): number {
  return (
    VEHICLE_DOC_TYPES.indexOf(a.document_type) - VEHICLE_DOC_TYPES.indexOf(b.document_type) ||
    USE_ORDER.indexOf(a.vehicle_use) - USE_ORDER.indexOf(b.vehicle_use) ||
    BAND_ORDER.indexOf(a.engine_band) - BAND_ORDER.indexOf(b.engine_band)
  );
}

/** The state the fee tables open on: Lagos, where most requests come from. */
const FIRST_STATE = "LA";

/** /admin/vehicle-docs/fees: a state's fee table, each fee editable in place, and the service charge. */
export function VehicleDocFeesPage({ tabs }: { tabs: ReactNode }) {
  const { t, i18n } = useTranslation(["admin-vehicle-docs", "auth"]);
  const lang = i18n.language;
  const can = useCan();
  const mayUpdate = can("vehicle_doc_fees.update");
  const [state, setState] = useState(FIRST_STATE);
  const states = useNigerianStates();
  const fees = useQuery(vehicleDocFeesQuery(state));
  const stateName = states.data?.find((s) => s.code === state)?.name ?? state;

  return (
    <>
      <PageHeader title={t("fees.title")} description={t("fees.description")} />
      {tabs}
      <section className="admin-park-section" aria-labelledby="vd-service">
        <h2 id="vd-service">{t("fees.serviceTitle")}</h2>
        {fees.data &&
          (mayUpdate ? (
            <ServiceChargeForm charge={fees.data.service_charge} currency={fees.data.currency} />
          ) : (
            <p>{formatMoney(fees.data.service_charge, fees.data.currency, lang)}</p>
          ))}
      </section>
      <section className="admin-park-section" aria-labelledby="vd-fees">
        <h2 id="vd-fees">{t("fees.table", { state: stateName })}</h2>
        <SelectField
          label={t("fees.state")}
          options={(states.data ?? [{ code: FIRST_STATE, name: FIRST_STATE }]).map(
            (s) => [s.code, s.name] as const,
          )}
          value={state}
          onChange={(e) => setState(e.target.value)}
        />
        {fees.isPending ? (
          <LoadingState text={t("admin:table.loading")} />
        ) : fees.isError ? (
          <FormAlert message={errorText(t, fees.error)} />
        ) : fees.data.items.length === 0 ? (
          <p className="admin-park-muted">{t("fees.empty")}</p>
        ) : (
          <div className="admin-table admin-table--cards">
            <div className="admin-table__scroll" role="region" aria-labelledby="vd-fees" tabIndex={0}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t("fees.columns.document")}</th>
                    <th scope="col">{t("fees.columns.use")}</th>
                    <th scope="col">{t("fees.columns.band")}</th>
                    <th scope="col" className="admin-table__num">
                      {t("fees.columns.fee")}
                    </th>
                    <th scope="col">{t("fees.columns.updated")}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...fees.data.items].sort(byDocument).map((f) => (
                    <tr key={f.id}>
                      <td data-label={t("fees.columns.document")}>{t(`documents.${f.document_type}`)}</td>
                      <td data-label={t("fees.columns.use")}>{t(`uses.${f.vehicle_use}`)}</td>
                      <td data-label={t("fees.columns.band")}>{t(`bands.${f.engine_band}`)}</td>
                      <td data-label={t("fees.columns.fee")} className="admin-table__num vd-fee-cell">
                        {mayUpdate ? <FeeForm fee={f} /> : formatMoney(f.fee, fees.data.currency, lang)}
                      </td>
                      <td data-label={t("fees.columns.updated")}>
                        {formatZonedDateTime(f.updated_at, lang, NIGERIA_ZONE)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </section>
    </>
  );
}

/** One fee typed in naira (major units, as the language writes numbers) and saved on its own. */
function FeeForm({ fee }: { fee: VehicleDocFeeRow }) {
  const { t, i18n } = useTranslation(["admin-vehicle-docs", "auth"]);
  const lang = i18n.language;
  const client = useQueryClient();
  const [text, setText] = useState(() => formatAmountInput(fee.fee, lang));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (amount: number) => updateVehicleDocFee(fee.id, amount),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["admin", "vehicle-doc-fees"] });
    },
  });
  const label = t("fees.feeOf", {
    document: t(`documents.${fee.document_type}`),
    use: t(`uses.${fee.vehicle_use}`),
    band: t(`bands.${fee.engine_band}`),
  });
  const error = invalid ? t("fees.invalid") : save.isError ? errorText(t, save.error) : null;
  return (
    <>
      <form
        className="vd-fee-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const amount = parseNumber(text, lang);
          if (!Number.isFinite(amount) || amount < 0) setInvalid(true);
          else save.mutate(amount);
        }}
      >
        {/* eslint-disable-next-line forms/in-field -- a fee's editor in its table cell (the table's td), named by its aria-label */}
        <input
          type="text"
          inputMode="decimal"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          value={text}
          onChange={(e) => {
            setInvalid(false);
            save.reset();
            setText(e.target.value);
          }}
        />
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t("saving") : t("fees.save")}
        </button>
      </form>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className="admin-park-saved">
          {t("fees.saved")}
        </p>
      )}
    </>
  );
}

/** Parkwell's charge per request, in naira. */
function ServiceChargeForm({ charge, currency }: { charge: number; currency: string }) {
  const { t, i18n } = useTranslation(["admin-vehicle-docs", "auth"]);
  const lang = i18n.language;
  const client = useQueryClient();
  const [text, setText] = useState(() => formatAmountInput(charge, lang));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (amount: number) => updateVehicleDocServiceCharge(amount),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["admin", "vehicle-doc-fees"] });
    },
  });
  return (
    <form
      className="mp-inline-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const amount = parseNumber(text, lang);
        if (!Number.isFinite(amount) || amount < 0) setInvalid(true);
        else save.mutate(amount);
      }}
    >
      <TextField
        label={`${t("fees.serviceLabel")} (${currency})`}
        inputMode="decimal"
        value={text}
        error={invalid ? t("fees.invalid") : undefined}
        onChange={(e) => {
          setInvalid(false);
          save.reset();
          setText(e.target.value);
        }}
      />
      <button type="submit" className="button button--accent" disabled={save.isPending}>
        {save.isPending ? t("saving") : t("fees.serviceSave")}
      </button>
      <FormAlert message={save.isError ? errorText(t, save.error) : null} />
      {save.isSuccess && (
        <p role="status" className="admin-park-saved">
          {t("fees.serviceSaved")}
        </p>
      )}
    </form>
  );
}
