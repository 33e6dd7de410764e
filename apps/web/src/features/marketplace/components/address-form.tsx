import { ADDRESS_LABELS, AddressBodySchema, type Address } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { COUNTRY_CENTERS } from "../../../components/map/map-config";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { createAddress } from "../api";

const PickMap = lazy(() => import("../../../components/map/pick-map"));

interface AddressValues {
  label: string;
  address: string;
  city: string;
  phone: string;
}

/**
 * A new delivery address: its label, street and city, a phone for the courier, and the point on
 * the map (the country's main city until moved: a click or a drag places it).
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
  const form = useSchemaForm<AddressValues, typeof AddressBodySchema>({
    schema: AddressBodySchema,
    defaultValues: { label: "home", address: "", city: "", phone: "" },
    toInput: (v) => ({ ...v, lat: point[0], lng: point[1] }),
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
    if (!save.isPending) save.mutate(body);
  });
  const error = save.error instanceof ApiError && !save.error.fields ? save.error.message : null;
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
