import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { formatAmountInput, formatMoney, formatNumber, parseNumber } from "../../../lib/format";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { updateVehicleDocInsurer, vehicleDocInsurersQuery, type VehicleDocInsurerRow } from "./api";
import { NIGERIA_ZONE } from "./states";

/**
 * /admin/vehicle-docs/fees/insurers: the insurers of comprehensive motor insurance, each one's
 * premium rate and minimum premium editable in place, withdrawn from or offered to drivers again.
 * The API audits each change (vehicle_doc_insurer.update).
 */
export function VehicleDocInsurersPage({ tabs }: { tabs: ReactNode }) {
  const { t, i18n } = useTranslation(["admin-vehicle-docs", "auth"]);
  const lang = i18n.language;
  const can = useCan();
  const mayUpdate = can("vehicle_doc_fees.update");
  const insurers = useQuery(vehicleDocInsurersQuery());
  const columns = t("insurers.columns", { returnObjects: true }) as Record<
    "name" | "terms" | "status" | "updated",
    string
  >;
  return (
    <>
      <PageHeader title={t("insurers.title")} description={t("insurers.description")} />
      {tabs}
      <section className="admin-park-section" aria-labelledby="vd-insurers">
        <h2 id="vd-insurers">{t("insurers.table")}</h2>
        {insurers.isPending ? (
          <LoadingState text={t("admin:table.loading")} />
        ) : insurers.isError ? (
          <FormAlert message={errorText(t, insurers.error)} />
        ) : insurers.data.length === 0 ? (
          <p className="admin-park-muted">{t("insurers.empty")}</p>
        ) : (
          <div className="admin-table admin-table--cards">
            <div className="admin-table__scroll" role="region" aria-labelledby="vd-insurers" tabIndex={0}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{columns.name}</th>
                    <th scope="col">{columns.terms}</th>
                    <th scope="col">{columns.status}</th>
                    <th scope="col">{columns.updated}</th>
                  </tr>
                </thead>
                <tbody>
                  {insurers.data.map((insurer) => (
                    <tr key={insurer.id} data-insurer={insurer.id}>
                      <th scope="row" data-label={columns.name}>
                        {insurer.name}
                      </th>
                      <td data-label={columns.terms} className="vd-fee-cell">
                        {mayUpdate ? (
                          <TermsForm insurer={insurer} />
                        ) : (
                          t("insurers.terms", {
                            rate: formatNumber(insurer.rate, lang, { maximumFractionDigits: 2 }),
                            minimum: formatMoney(insurer.minimum_premium, insurer.currency, lang),
                          })
                        )}
                      </td>
                      <td data-label={columns.status}>
                        {mayUpdate ? (
                          <ActiveToggle insurer={insurer} />
                        ) : (
                          t(insurer.active ? "insurers.active" : "insurers.withdrawn")
                        )}
                      </td>
                      <td data-label={columns.updated}>
                        {formatZonedDateTime(insurer.updated_at, lang, NIGERIA_ZONE)}
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

/** The rate (percent of the declared value) and the minimum premium (naira), saved together. */
function TermsForm({ insurer }: { insurer: VehicleDocInsurerRow }) {
  const { t, i18n } = useTranslation(["admin-vehicle-docs", "auth"]);
  const lang = i18n.language;
  const client = useQueryClient();
  const [rate, setRate] = useState(() => formatAmountInput(insurer.rate, lang));
  const [minimum, setMinimum] = useState(() => formatAmountInput(insurer.minimum_premium, lang));
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { rate: number; minimum_premium: number }) =>
      updateVehicleDocInsurer(insurer.id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["admin", "vehicle-doc-insurers"] });
    },
  });
  const error = invalid ?? (save.isError ? errorText(t, save.error) : null);
  const edit = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    setInvalid(null);
    save.reset();
    set(e.target.value);
  };
  return (
    <>
      <form
        className="vd-fee-form vd-insurer-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const r = parseNumber(rate, lang);
          const m = parseNumber(minimum, lang);
          if (!Number.isFinite(r) || r < 0.5 || r > 20) setInvalid(t("insurers.rateInvalid"));
          else if (!Number.isFinite(m) || m < 0) setInvalid(t("fees.invalid"));
          else save.mutate({ rate: r, minimum_premium: m });
        }}
      >
        <label>
          <span>{t("insurers.rate")}</span>
          {/* eslint-disable-next-line forms/in-field -- an insurer's terms, edited in its table cell (the table's td), named by its aria-label */}
          <input
            type="text"
            inputMode="decimal"
            aria-label={t("insurers.rateOf", { insurer: insurer.name })}
            aria-invalid={error ? true : undefined}
            value={rate}
            onChange={edit(setRate)}
          />
        </label>
        <label>
          <span>{t("insurers.minimum", { currency: insurer.currency })}</span>
          {/* eslint-disable-next-line forms/in-field -- an insurer's terms, edited in its table cell (the table's td), named by its aria-label */}
          <input
            type="text"
            inputMode="decimal"
            aria-label={t("insurers.minimumOf", { insurer: insurer.name })}
            aria-invalid={error ? true : undefined}
            value={minimum}
            onChange={edit(setMinimum)}
          />
        </label>
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

/** Withdraws an insurer from drivers' choices (requests already priced keep it) or offers it again. */
function ActiveToggle({ insurer }: { insurer: VehicleDocInsurerRow }) {
  const { t } = useTranslation(["admin-vehicle-docs", "auth"]);
  const client = useQueryClient();
  const flip = useMutation({
    mutationFn: () => updateVehicleDocInsurer(insurer.id, { active: !insurer.active }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["admin", "vehicle-doc-insurers"] });
    },
  });
  return (
    <div className="vd-insurer-status">
      <span>{t(insurer.active ? "insurers.active" : "insurers.withdrawn")}</span>
      <button
        type="button"
        className="button"
        disabled={flip.isPending}
        onClick={() => flip.mutate()}
        aria-label={t(insurer.active ? "insurers.withdrawOf" : "insurers.activateOf", {
          insurer: insurer.name,
        })}
      >
        {t(insurer.active ? "insurers.withdraw" : "insurers.activate")}
      </button>
      {flip.isError && (
        <p className="alert alert--error" role="alert">
          {errorText(t, flip.error)}
        </p>
      )}
    </div>
  );
}
