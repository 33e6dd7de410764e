import {
  CHARGER_CONNECTOR_NAMES,
  CHARGER_CONNECTORS,
  EV_HOST_SITE_KINDS,
  EvHostRequestSchema,
  type EvHostRequest,
} from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useId, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField, TextAreaField, TextField } from "../../components/ui/form-field";
import { servedCountries, useSelectedCountry } from "../../lib/country";
import { countryLabel, parseNumber } from "../../lib/format";
import { useSchemaForm } from "../../lib/use-schema-form";
import { sendEvHostRequest } from "./api";
import { FormSent } from "./form-status";
import { PersonFields } from "./person-fields";
import "./ev-host-form.css";

interface Values {
  name: string;
  email: string;
  phone: string;
  country_code: string;
  city: string;
  address: string;
  site_kind: string;
  spaces: string;
  has_chargers: "yes" | "no";
  connectors: string[];
  power_kw: string;
  message: string;
}

/** A number as typed (parseNumber: "7,4" in French), or left out when the field is empty. */
const typedNumber = (value: string, language: string) =>
  value.trim() ? parseNumber(value, language) : undefined;

/**
 * A charger owner's site (/rent-out-ev-charger), stored on the server as an inquiry (POST
 * /ev-host-requests): where it is, its kind, the spaces for chargers, and the chargers already
 * there (their connectors and power are asked only when it has some).
 */
export function EvHostForm() {
  const { t, i18n } = useTranslation(["contact", "common"]);
  const country = useSelectedCountry();
  const defaults: Values = {
    name: "",
    email: "",
    phone: "",
    country_code: country.code,
    city: "",
    address: "",
    site_kind: "car_park",
    spaces: "",
    has_chargers: "no",
    connectors: [],
    power_kw: "",
    message: "",
  };
  const form = useSchemaForm<Values, typeof EvHostRequestSchema>({
    schema: EvHostRequestSchema,
    defaultValues: defaults,
    toInput: (v): Partial<Record<keyof EvHostRequest, unknown>> => {
      const has = v.has_chargers === "yes";
      return {
        name: v.name,
        email: v.email,
        phone: v.phone,
        country_code: v.country_code,
        city: v.city,
        address: v.address,
        site_kind: v.site_kind,
        spaces: typedNumber(v.spaces, i18n.language),
        has_chargers: has,
        connectors: has ? v.connectors : undefined,
        power_kw: has ? typedNumber(v.power_kw, i18n.language) : undefined,
        message: v.message,
        language: i18n.language === "fr" ? "fr" : "en",
      };
    },
  });
  const send = useMutation({ mutationFn: sendEvHostRequest });
  const errors = form.formState.errors;
  const hasChargers = form.watch("has_chargers") === "yes";
  if (send.isSuccess) {
    return (
      <FormSent
        receipt={send.data}
        kind="ev_host"
        onAgain={() => {
          form.reset();
          send.reset();
        }}
      />
    );
  }
  return (
    <form
      id="ev-host-form"
      className="form card ev-host-form"
      noValidate
      onSubmit={form.handleSubmit((body) =>
        send.mutate(body, { onError: (err) => void form.showServerErrors(err) }),
      )}
      aria-labelledby="ev-host-form-title"
    >
      <h2 id="ev-host-form-title">{t("evHost.title")}</h2>
      <p className="field__hint">{t("requiredNote")}</p>
      <PersonFields register={form.register} errors={errors} emailLabel={t("fields.email")} />
      <SelectField
        label={t("evHost.fields.country")}
        required
        error={errors.country_code?.message}
        options={servedCountries().map((c) => [c.code, countryLabel(t, c)] as const)}
        // The defaults are in the server's HTML too: until the page is hydrated, register()'s ref
        // has set nothing, and the first option (or no radio) would show.
        defaultValue={defaults.country_code}
        {...form.register("country_code")}
      />
      <TextField
        label={t("evHost.fields.city")}
        autoComplete="address-level2"
        required
        maxLength={120}
        error={errors.city?.message}
        {...form.register("city")}
      />
      <TextField
        label={t("evHost.fields.address")}
        hint={t("evHost.fields.addressHint")}
        autoComplete="street-address"
        required
        maxLength={300}
        error={errors.address?.message}
        {...form.register("address")}
      />
      <SelectField
        label={t("evHost.fields.siteKind")}
        required
        error={errors.site_kind?.message}
        options={EV_HOST_SITE_KINDS.map((k) => [k, t(`evHost.siteKinds.${k}`)] as const)}
        defaultValue={defaults.site_kind}
        {...form.register("site_kind")}
      />
      <TextField
        type="number"
        min={1}
        label={t("evHost.fields.spaces")}
        required
        error={errors.spaces?.message}
        {...form.register("spaces")}
      />
      <Choices legend={t("evHost.fields.hasChargers")} required error={errors.has_chargers?.message}>
        {(described) =>
          (["yes", "no"] as const).map((answer) => (
            <Choice
              key={answer}
              type="radio"
              value={answer}
              label={t(`evHost.fields.${answer}`)}
              described={described}
              defaultChecked={answer === defaults.has_chargers}
              registration={form.register("has_chargers")}
            />
          ))
        }
      </Choices>
      {hasChargers && (
        <>
          <Choices legend={t("evHost.fields.connectors")} required error={errors.connectors?.message}>
            {(described) =>
              CHARGER_CONNECTORS.map((c) => (
                <Choice
                  key={c}
                  type="checkbox"
                  value={c}
                  label={CHARGER_CONNECTOR_NAMES[c]}
                  described={described}
                  registration={form.register("connectors")}
                />
              ))
            }
          </Choices>
          <TextField
            inputMode="decimal"
            label={t("evHost.fields.power")}
            hint={t("evHost.fields.powerHint")}
            required
            maxLength={8}
            error={errors.power_kw?.message}
            {...form.register("power_kw")}
          />
        </>
      )}
      <TextAreaField
        label={t("evHost.fields.message")}
        hint={t("fields.optional")}
        maxLength={5000}
        error={errors.message?.message}
        {...form.register("message")}
      />
      <FormAlert message={form.serverAlert(send.error)} />
      <button type="submit" className="button button--accent" disabled={send.isPending}>
        {send.isPending ? t("sending") : t("evHost.send")}
      </button>
    </form>
  );
}

/** Radio buttons or check boxes under one legend, with the group's error tied to each of them. */
function Choices({
  legend,
  required,
  error,
  children,
}: {
  legend: string;
  required?: boolean;
  error?: string | undefined;
  children: (described: { invalid: boolean; errorId: string }) => ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className={error ? "field ev-host-form__choices field--error" : "field ev-host-form__choices"}>
      <legend>
        {legend}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className="ev-host-form__options">{children({ invalid: Boolean(error), errorId })}</div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Choice({
  type,
  value,
  label,
  described,
  defaultChecked,
  registration,
}: {
  type: "radio" | "checkbox";
  value: string;
  label: string;
  described: { invalid: boolean; errorId: string };
  /** Checked in the server's HTML, before hydration (the form's default). */
  defaultChecked?: boolean;
  registration: UseFormRegisterReturn;
}) {
  const control = {
    value,
    defaultChecked,
    "aria-invalid": described.invalid ? true : undefined,
    "aria-describedby": described.invalid ? described.errorId : undefined,
    ...registration,
  };
  return (
    <label className="ev-host-form__option">
      {type === "radio" ? <input type="radio" {...control} /> : <input type="checkbox" {...control} />}
      <span>{label}</span>
    </label>
  );
}
