import { ADDRESS_LABELS, AddressBodySchema, type Address } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { COUNTRY_CENTERS } from "../../../components/map/map-config";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { errorText } from "../../../lib/form-errors";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { createAddress, placeAddressPin } from "../api";

const PickMap = lazy(() => import("../../../components/map/pick-map"));

interface AddressValues {
  label: string;
  address: string;
  city: string;
  phone: string;
}

/**
 * A new delivery address: its label, street and city, a phone for the courier, and the point on
 * the map (the country's main city until moved: a click or a drag places it). The driver must place
 * the pin, or confirm it is at the door: a pin nobody placed is never used for a delivery.
 */
export function AddressForm({
  country,
  onSaved,
  onCancel,
}: {
  country: string;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("marketplace");
  const client = useQueryClient();
  const [point, setPoint] = useState<[number, number]>(COUNTRY_CENTERS[country] ?? [0, 0]);
  const [moved, setMoved] = useState(false);
  // Save was pressed with the pin where nobody put it: the map says so until it is placed.
  const [triedUnplaced, setTriedUnplaced] = useState(false);
  const form = useSchemaForm<AddressValues, typeof AddressBodySchema>({
    schema: AddressBodySchema,
    defaultValues: { label: "home", address: "", city: "", phone: "" },
    toInput: (v) => ({ ...v, lat: point[0], lng: point[1], pin_confirmed: moved }),
  });
  const save = useMutation({
    mutationFn: createAddress,
    onSuccess: async (address) => {
      await client.invalidateQueries({ queryKey: ["marketplace", "addresses"] });
      onSaved(address);
    },
    onError: (err) => form.showServerErrors(err),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) => {
    if (!body.pin_confirmed) setTriedUnplaced(true);
    else if (!save.isPending) save.mutate(body);
  });
  const error = form.serverAlert(save.error);
  return (
    // A form of its own inside the checkout's: its own submit, never the order's.
    <div className="market-address-form" role="group" aria-label={t("address.newTitle")}>
      <SelectField
        label={t("address.label")}
        {...form.register("label")}
        options={ADDRESS_LABELS.map((l) => [l, t(`address.labels.${l}`)] as const)}
      />
      <TextField
        label={t("address.address")}
        required
        autoComplete="street-address"
        error={errors.address?.message}
        {...form.register("address")}
      />
      <TextField
        label={t("address.city")}
        required
        autoComplete="address-level2"
        error={errors.city?.message}
        {...form.register("city")}
      />
      <TextField
        label={t("address.phone")}
        required
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register("phone")}
      />
      <div className="field field--wide">
        <p className="field__hint" id="address-map-hint">
          {moved ? t("address.mapMoved") : t("address.mapHint")}
        </p>
        <Suspense fallback={<Spinner />}>
          <PickMap
            lat={point[0]}
            lng={point[1]}
            label={t("address.mapLabel")}
            onPick={(lat, lng) => {
              setPoint([lat, lng]);
              setMoved(true);
            }}
          />
        </Suspense>
        {!moved && (
          <p className="ctas">
            <button type="button" className="button" onClick={() => setMoved(true)}>
              {t("address.confirmPin")}
            </button>
          </p>
        )}
        {triedUnplaced && !moved && (
          <p className="field__error" role="alert">
            {t("address.placePin")}
          </p>
        )}
      </div>
      <FormAlert message={error} />
      <p className="ctas">
        <button
          type="button"
          className="button button--accent"
          disabled={save.isPending}
          onClick={() => void submit()}
        >
          {save.isPending ? t("address.saving") : t("address.save")}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t("address.cancel")}
          </button>
        )}
      </p>
    </div>
  );
}

/**
 * A saved address whose pin nobody placed (delivery refuses it): the driver drags the pin to the
 * door, or confirms it is there, and the point is saved as placed.
 */
export function AddressPinFix({ address }: { address: Address }) {
  const { t } = useTranslation("marketplace");
  const client = useQueryClient();
  const [point, setPoint] = useState<[number, number]>([address.lat, address.lng]);
  const save = useMutation({
    mutationFn: placeAddressPin,
    onSuccess: () => client.invalidateQueries({ queryKey: ["marketplace"] }),
  });
  const error = save.error ? errorText(t, save.error) : null;
  return (
    <div className="market-address-form" role="group" aria-label={t("address.placeTitle")}>
      <p className="field__hint">{t("address.placeHint", { address: address.address })}</p>
      <Suspense fallback={<Spinner />}>
        <PickMap
          lat={point[0]}
          lng={point[1]}
          label={t("address.mapLabel")}
          onPick={(lat, lng) => setPoint([lat, lng])}
        />
      </Suspense>
      <FormAlert message={error} />
      <p className="ctas">
        <button
          type="button"
          className="button button--accent"
          disabled={save.isPending}
          onClick={() => {
            if (!save.isPending) save.mutate({ id: address.id, lat: point[0], lng: point[1] });
          }}
        >
          {save.isPending ? t("address.saving") : t("address.savePin")}
        </button>
      </p>
    </div>
  );
}
