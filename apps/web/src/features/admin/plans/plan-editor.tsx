import {
  AdminPlanCreateSchema,
  AdminPlanPatchSchema,
  describeHours,
  PLAN_SPACE_MODES,
  PLAN_TERMS,
  type AdminPlan,
  type ParkChoice,
  type PlanAllocationConflict,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { WeeklyHoursFields } from "../../../components/weekly-hours/weekly-hours-fields";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { errorText } from "../../../lib/form-errors";
import { vehicleTypeLabel } from "../../../lib/format";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { parkChoicesQuery } from "../api";
import { useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { createPlan, planQuery, updatePlan } from "./api";
import {
  allocationConflictOf,
  fieldOf,
  inputOf,
  PLAN_PRESETS,
  valuesOf,
  type PlanValues,
} from "./plan-form-values";
import { StatusBadge } from "./plan-status";

/** A new plan (/admin/plans/new) or an existing one (/admin/plans/{id}). */
export function PlanEditor() {
  const { t, i18n } = useTranslation(["admin-plans", "auth"]);
  const { id } = useParams();
  const planId = Number(id);
  const plan = useQuery({ ...planQuery(planId), enabled: Boolean(id) && Number.isInteger(planId) });
  const can = useCan();
  const permission = id ? "plans.view" : "plans.create";
  // Asked only by who holds the permission: the form is then read-only for the others.
  const parks = useQuery({ ...parkChoicesQuery(permission), enabled: can(permission) });
  if ((id && plan.isPending) || (parks.isPending && can(permission)))
    return <LoadingState text={t("loading")} />;
  if ((id && (plan.isError || !plan.data)) || parks.isError) {
    return (
      <>
        <PageHeader title={t("title")} />
        <FormAlert message={errorText(t, plan.error ?? parks.error)} />
        <Link to="..">{t("back")}</Link>
      </>
    );
  }
  return (
    <PlanForm
      key={`${id ?? "new"}:${i18n.language}`}
      plan={plan.data}
      parks={parks.data?.items ?? []}
      language={i18n.language}
    />
  );
}

function PlanForm({
  plan,
  parks,
  language,
}: {
  plan: AdminPlan | undefined;
  parks: ParkChoice[];
  language: string;
}) {
  const { t } = useTranslation(["admin-plans", "bookings", "auth"]);
  const lang = language.startsWith("fr") ? "fr" : "en";
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const isNew = !plan;
  const editable = plan ? can("plans.update") : can("plans.create");
  const typesOf = (parkId: string) =>
    parks.find((p) => String(p.id) === parkId)?.vehicle_types ??
    (plan?.prices.map((p) => ({ id: p.vehicle_type_id, name: p.vehicle_type })) || []);
  const firstPark = plan ? String(plan.park.id) : String(parks[0]?.id ?? "");
  const form = useSchemaForm<PlanValues, typeof AdminPlanCreateSchema | typeof AdminPlanPatchSchema>({
    schema: isNew ? AdminPlanCreateSchema : AdminPlanPatchSchema,
    defaultValues: valuesOf(plan, firstPark, typesOf(firstPark), language),
    toInput: (v) => inputOf(v, language, isNew),
    fieldOf,
  });
  const { register, watch, formState } = form;
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<PlanAllocationConflict | null>(null);

  const parkId = watch("park_id");
  const park = parks.find((p) => String(p.id) === parkId);
  const zone = plan?.park.time_zone ?? park?.time_zone ?? "";
  const currency = plan?.currency ?? park?.currency ?? "";
  const prices = watch("prices");
  const typeName = (id: number) =>
    vehicleTypeLabel(t, id, typesOf(parkId).find((v) => v.id === id)?.name ?? String(id));

  const choosePark = (next: string) => {
    form.setValue("park_id", next);
    form.setValue(
      "prices",
      typesOf(next).map((v) => ({ vehicle_type_id: v.id, monthly_price: "" })),
    );
  };

  const save = useMutation({
    mutationFn: (body: unknown) =>
      plan
        ? updatePlan(plan.id, body as Parameters<typeof updatePlan>[1])
        : createPlan(body as Parameters<typeof createPlan>[0]),
    onMutate: () => {
      setSaved(false);
      setConflict(null);
    },
    onSuccess: async (result) => {
      setSaved(true);
      client.setQueryData(planQuery(result.id).queryKey, result);
      await client.invalidateQueries({ queryKey: ["admin", "plans"] });
      if (!plan) void navigate(`../${result.id}`, { relative: "path" });
    },
    onError: (err) => {
      setConflict(allocationConflictOf(err));
      form.showServerErrors(err);
    },
  });

  const error = (name: string): string | undefined => {
    let at: unknown = formState.errors;
    for (const part of name.split(".")) at = (at as Record<string, unknown> | undefined)?.[part];
    return (at as { message?: string } | undefined)?.message;
  };
  const alert = save.isError && !conflict ? form.serverAlert(save.error) : null;
  const statuses = (isNew ? (["draft", "on_sale"] as const) : (["draft", "on_sale", "closed"] as const)).map(
    (s) => [s, t(`planStatus.${s}`)] as const,
  );

  return (
    <>
      <PageHeader
        title={plan ? plan.name[lang] : t("newTitle")}
        description={
          plan ? (
            <>
              {plan.park.name} · <StatusBadge kind="plan" status={plan.status} /> ·{" "}
              {describeHours(plan.windows, lang)} ·{" "}
              {t("soldOf", { sold: plan.sold, allocation: plan.allocation })}
            </>
          ) : (
            t("newDescription")
          )
        }
        actions={
          <>
            <Link className="button" to="..">
              {t("back")}
            </Link>
            {plan && (
              <Link className="button" to={`../passes?plan_id=${plan.id}`}>
                {t("passesLink")}
              </Link>
            )}
          </>
        }
      />
      {plan && plan.sold > 0 && <p className="admin-park-muted">{t("soldNote")}</p>}
      <form className="admin-park-form" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
        <fieldset disabled={!editable || save.isPending}>
          <section className="admin-park-section">
            <h2>{t("sections.details")}</h2>
            <div className="admin-park-grid">
              {isNew ? (
                <SelectField
                  label={t("fields.park")}
                  required
                  options={parks.map((p) => [String(p.id), `${p.name} (${p.city})`] as const)}
                  error={error("park_id")}
                  {...register("park_id", {
                    onChange: (e) => choosePark((e.target as HTMLSelectElement).value),
                  })}
                />
              ) : (
                <TextField label={t("fields.park")} value={plan.park.name} readOnly />
              )}
              <SelectField
                label={t("fields.status")}
                options={statuses}
                error={error("status")}
                {...register("status")}
              />
            </div>
            <div className="admin-park-texts">
              <div lang="en">
                <TextField
                  label={t("fields.nameEn")}
                  required
                  maxLength={80}
                  error={error("name.en")}
                  {...register("name.en")}
                />
              </div>
              <div lang="fr">
                <TextField
                  label={t("fields.nameFr")}
                  required
                  maxLength={80}
                  error={error("name.fr")}
                  {...register("name.fr")}
                />
              </div>
            </div>
          </section>

          <WeeklyHoursFields
            form={form}
            presets={PLAN_PRESETS}
            title={t("sections.hours")}
            hint={t("hoursHint", { zone })}
            summary={(hours) => t("summary", { hours })}
            error={error}
            className="admin-park-section"
          />

          <section className="admin-park-section">
            <h2>{t("sections.prices")}</h2>
            <p className="admin-park-muted">{t("pricesHint", { currency })}</p>
            <div className="admin-park-grid">
              {prices.map((p, i) => (
                <TextField
                  key={p.vehicle_type_id}
                  label={t("fields.monthlyPrice", { type: typeName(p.vehicle_type_id), currency })}
                  inputMode="decimal"
                  error={error(`prices.${i}.monthly_price`)}
                  {...register(`prices.${i}.monthly_price`)}
                />
              ))}
            </div>
            {error("prices") && (
              <p role="alert" className="field__error">
                {error("prices")}
              </p>
            )}
            <p className="admin-park-muted">{t("pricingRule")}</p>
          </section>

          <section className="admin-park-section">
            <h2>{t("sections.terms")}</h2>
            <div className="admin-park-grid">
              <TextField
                label={t("fields.allocation")}
                hint={t("allocationHint")}
                required
                inputMode="numeric"
                error={error("allocation")}
                {...register("allocation")}
              />
              <SelectField
                label={t("fields.spaceMode")}
                hint={t("spaceModeHint")}
                options={PLAN_SPACE_MODES.map((m) => [m, t(`spaceMode.${m}`)] as const)}
                error={error("space_mode")}
                {...register("space_mode")}
              />
              <SelectField
                label={t("fields.minTerm")}
                options={PLAN_TERMS.map((m) => [String(m), t("months", { count: m })] as const)}
                error={error("min_term_months")}
                {...register("min_term_months")}
              />
              <TextField
                label={t("fields.discount3m")}
                inputMode="decimal"
                error={error("discount_3m_percent")}
                {...register("discount_3m_percent")}
              />
              <TextField
                label={t("fields.discount12m")}
                inputMode="decimal"
                error={error("discount_12m_percent")}
                {...register("discount_12m_percent")}
              />
            </div>
          </section>

          {conflict && (
            <div role="alert" className="admin-park-conflicts admin-plan-conflict">
              <p>{t("conflict", { sold: conflict.sold })}</p>
              <ul>
                {conflict.passes.map((p) => (
                  <li key={p.pass_code}>
                    <strong>{p.pass_code}</strong> · {p.plates.join(", ")}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {alert && <FormAlert message={alert} />}
          {saved && !save.isPending && (
            <p role="status" className="admin-park-saved">
              {t("saved")}
            </p>
          )}
          {editable && (
            <div className="admin-park-actions">
              <button type="submit" className="button button--accent">
                {save.isPending ? t("saving") : plan ? t("save") : t("create")}
              </button>
            </div>
          )}
        </fieldset>
      </form>
    </>
  );
}
