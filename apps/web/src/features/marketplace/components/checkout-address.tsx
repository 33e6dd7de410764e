import type { Address } from "@parkwell/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { formatMoney } from "../../../lib/format";
import { AddressForm, AddressPinFix } from "./address-form";
import "../marketplace.css";

/**
 * The checkout's delivery address: the driver's saved addresses of the country to choose from
 * (one not placed on the map is fixed here), a new one added in place (the form opens by itself
 * when there is none), and the delivery charges by distance.
 */
export function CheckoutAddress({
  country,
  addresses,
  addressId,
  bands,
  onChoose,
}: {
  country: string;
  addresses: UseQueryResult<Address[]>;
  addressId: number | undefined;
  bands: { up_to_km: number; charge: { amount: number; currency: string } }[];
  onChoose: (addressId: number) => void;
}) {
  const { t, i18n } = useTranslation("marketplace");
  const id = useId();
  const [adding, setAdding] = useState(false);
  /** An address saved in the account's country while shopping in another: said, not chosen. */
  const [savedElsewhere, setSavedElsewhere] = useState<string | null>(null);
  const addressList = addresses.data ?? [];
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, i18n.language);
  return (
    <section className="card" aria-labelledby={`${id}-address`}>
      <h2 id={`${id}-address`}>{t("checkout.address")}</h2>
      {addresses.isPending && <Spinner />}
      {addressList.length > 0 && (
        <fieldset className="market-options market-options--bare">
          <legend className="visually-hidden">{t("checkout.address")}</legend>
          {addressList.map((a) => (
            <label key={a.id} className="market-option">
              <input
                type="radio"
                name={`${id}-address`}
                checked={addressId === a.id}
                onChange={() => onChoose(a.id)}
              />
              <span className="market-option__name">
                <strong>{t(`address.labels.${a.label}`)}</strong> · {a.address}, {a.city}
                <br />
                <span className="field__hint">{a.phone}</span>
                {!a.pin_confirmed && (
                  <>
                    <br />
                    <span className="field__error">{t("address.unplaced")}</span>
                  </>
                )}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {addressList
        .filter((a) => a.id === addressId && !a.pin_confirmed)
        .map((a) => (
          <AddressPinFix key={a.id} address={a} />
        ))}
      {savedElsewhere && (
        <p className="alert alert--error" role="alert">
          {t("address.otherCountry", {
            country: t(`common:country.names.${savedElsewhere}`, { defaultValue: savedElsewhere }),
          })}
        </p>
      )}
      {addresses.isError && (
        <p className="alert alert--error" role="alert">
          {addresses.error instanceof ApiError ? addresses.error.message : t("loadError")}
        </p>
      )}
      {adding || (addresses.isSuccess && addressList.length === 0 && !savedElsewhere) ? (
        <AddressForm
          country={country}
          onSaved={(a) => {
            setAdding(false);
            if (a.country_code === country) {
              setSavedElsewhere(null);
              onChoose(a.id);
            } else setSavedElsewhere(a.country_code);
          }}
          {...(addressList.length > 0 ? { onCancel: () => setAdding(false) } : {})}
        />
      ) : (
        <button type="button" className="button" onClick={() => setAdding(true)}>
          {t("address.add")}
        </button>
      )}
      {bands.length > 0 && (
        <p className="field__hint">
          {t("checkout.bands", {
            bands: bands
              .map((b) => t("checkout.band", { km: b.up_to_km, charge: money(b.charge) }))
              .join(" · "),
          })}
        </p>
      )}
    </section>
  );
}
