import type { AdminEvent, AdminEventCreateParsed, AllocationConflict, VehicleType } from "@parkwell/contract";
import { EVENT_CATEGORIES } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/form-field";
import { errorText, serverFields } from "../../../lib/form-errors";
import { countriesQuery, vehicleTypesQuery } from "../../../lib/queries";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useCan } from "../me";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { cancelEvent, createEvent, eventParksQuery, eventQuery, publishEvent, updateEvent } from "./api";
import {
  conflictsOf,
  fieldError,
  FORM_FIELD,
  FormSchema,
  inputOf,
  offered,
  valuesOf,
  type EventValues,
} from "./event-form-values";
import { EventParksFields } from "./event-parks-fields";
import { EventVenueFields } from "./event-venue-fields";
import { EventStatus } from "./event-status";

/** A new event (/admin/events/new) or an existing one (/admin/events/{code}). */
export function EventEditor() {
  const { t } = useTranslation(["admin-events", "auth"]);
  const { code } = useParams();
  const event = useQuery({ ...eventQuery(code ?? ""), enabled: Boolean(code) });
  const types = useQuery(vehicleTypesQuery());
  if ((code && event.isPending) || types.isPending) return <LoadingState text={t("loading")} />;
  if ((code && (event.isError || !event.data)) || !types.data) {
    return (
      <>
        <PageHeader title={t("title")} />
        <p role="alert">{errorText(t, event.error ?? types.error)}</p>
        <Link to="..">{t("back")}</Link>
      </>
    );
  }
  return <EventForm key={code ?? "new"} event={event.data} types={types.data} />;
}

function EventForm({ event, types }: { event: AdminEvent | undefined; types: VehicleType[] }) {
  const { t, i18n } = useTranslation(["admin-events", "admin-parks", "auth"]);
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const editable = event ? can("events.update") && event.status !== "cancelled" : can("events.create");
  const countries = useQuery(countriesQuery());
  // The picker lists the user's parks (their names also label the rows); only asked by who may see them.
  const myParks = useQuery({
    ...eventParksQuery(event ? "events.update" : "events.create"),
    enabled: editable && can("parks.view"),
  });
  const form = useSchemaForm<EventValues, typeof FormSchema>({
    schema: FormSchema,
    defaultValues: valuesOf(event, types),
    toInput: (v) => inputOf(v, i18n.language),
  });
  const { register, watch, formState, control } = form;
  const parkRows = useFieldArray({ control, name: "parks" });
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<AllocationConflict | null>(null);
  const [parkErrors, setParkErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<"publish" | "cancel" | null>(null);

  const country = watch("country");
  const countryRow = countries.data?.find((c) => c.code === country);
  const zones = countryRow?.time_zones ?? [];
  const zone = watch("time_zone");
  const visibility = watch("visibility");
  const parks = watch("parks");
  const parkName = (id: string) =>
    myParks.data?.items.find((p) => String(p.id) === id)?.name ??
    event?.parks.find((p) => String(p.park_id) === id)?.park_name ??
    id;
  const typeName = (id: number) =>
    t(`vehicleId.${id}`, {
      ns: "admin-parks",
      defaultValue: types.find((v) => v.id === id)?.name ?? String(id),
    });

  const stored = (result: AdminEvent) => {
    client.setQueryData(eventQuery(result.event_code).queryKey, result);
    return client.invalidateQueries({ queryKey: ["admin", "events"] });
  };
  const refused = (err: unknown) => {
    setConflict(conflictsOf(err));
    const fields = serverFields(err);
    const own: Record<string, string> = {};
    for (const [name, message] of Object.entries(fields)) {
      const field = FORM_FIELD[name] ?? (name in form.getValues() ? (name as keyof EventValues) : null);
      if (field && field !== "parks") form.setError(field, { type: "server", message });
      else own[name] = message;
    }
    setParkErrors(own);
  };
  const save = useMutation({
    mutationFn: (body: AdminEventCreateParsed) =>
      event ? updateEvent(event.event_code, body) : createEvent(body),
    onMutate: () => {
      setSaved(false);
      setConflict(null);
      setParkErrors({});
    },
    onSuccess: async (result) => {
      setSaved(true);
      await stored(result);
      if (!event) void navigate(`../${result.event_code}`, { relative: "path" });
    },
    onError: refused,
  });
  const publish = useMutation({
    mutationFn: () => publishEvent(event!.event_code),
    onMutate: () => setConflict(null),
    onSuccess: async (result) => {
      setConfirm(null);
      await stored(result);
    },
    onError: (err) => {
      if (conflictsOf(err)) {
        setConfirm(null);
        setConflict(conflictsOf(err));
      }
    },
  });
  const cancel = useMutation({
    mutationFn: () => cancelEvent(event!.event_code),
    onSuccess: async (result) => {
      setConfirm(null);
      await stored(result);
    },
  });

  const err = (name: keyof EventValues) => fieldError(form, name);
  /** Messages about the parks (and any other the fields do not show), with the park and vehicle type named. */
  const where = (key: string) => {
    const m = /^parks\.(\d+)(?:\.prices\.(\d+))?/.exec(key);
    if (!m)
      return key === "parks"
        ? t("sections.parks")
        : t(`errorField.${key.split(".")[0]}`, { defaultValue: key });
    const row = parks[Number(m[1])];
    if (!row) return t("sections.parks");
    const type = m[2] === undefined ? undefined : offered(row)[Number(m[2])]?.vehicle_type_id;
    return type === undefined ? parkName(row.park_id) : `${parkName(row.park_id)} · ${typeName(type)}`;
  };
  /** The fields that show their own message; the others' are listed beside the parks. */
  const shown = new Set<string>([
    "name",
    "category",
    "visibility",
    "access_code",
    "time_zone",
    "start_local",
    "end_local",
    ...Object.values(FORM_FIELD),
  ]);
  const others = [
    ...Object.entries(formState.errors)
      .filter(([key]) => !shown.has(key))
      .map(([key, value]) => [key, (value as { message?: string }).message ?? ""] as const),
    ...Object.entries(parkErrors),
  ];

  return (
    <>
      <PageHeader
        title={event ? event.name : t("newTitle")}
        description={
          event ? (
            <>
              <span className="admin-park-code">{event.event_code}</span> ·{" "}
              <EventStatus status={event.status} /> · {t(`visibility.${event.visibility}`)}
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
            {event && (
              <>
                <Link className="button" to="bookings">
                  {t("bookingsLink")}
                </Link>
                <Link className="button" to="report">
                  {t("reportLink")}
                </Link>
              </>
            )}
            {event?.status === "draft" && can("events.update") && (
              <button type="button" className="button button--accent" onClick={() => setConfirm("publish")}>
                {t("publish")}
              </button>
            )}
            {event && event.status !== "cancelled" && can("events.delete") && (
              <button type="button" className="button button--danger" onClick={() => setConfirm("cancel")}>
                {t("cancelEvent")}
              </button>
            )}
          </>
        }
      />
      <ConfirmDialog
        open={confirm === "publish"}
        title={t("publishTitle")}
        message={t("publishMessage", { name: event?.name ?? "" })}
        confirmLabel={t("publish")}
        busy={publish.isPending}
        error={publish.isError && !conflictsOf(publish.error) ? errorText(t, publish.error) : null}
        onConfirm={() => publish.mutate()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === "cancel"}
        title={t("cancelTitle")}
        message={t("cancelMessage", { name: event?.name ?? "" })}
        confirmLabel={t("cancelEvent")}
        danger
        busy={cancel.isPending}
        error={cancel.isError ? errorText(t, cancel.error) : null}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirm(null)}
      />
      {event?.status === "cancelled" && (
        <p className="admin-event-note" role="status">
          {t("cancelledNote")}
        </p>
      )}
      {event && event.booked > 0 && event.status !== "cancelled" && (
        <p className="admin-event-note">{t("bookedNote", { count: event.booked })}</p>
      )}
      <form className="admin-park-form" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
        <fieldset disabled={!editable || save.isPending}>
          <section className="admin-park-section">
            <h2>{t("sections.details")}</h2>
            <div className="admin-park-grid">
              <TextField label={t("fields.name")} required error={err("name")} {...register("name")} />
              <SelectField
                label={t("fields.category")}
                options={EVENT_CATEGORIES.map((c) => [c, t(`categories.${c}`)] as const)}
                error={err("category")}
                {...register("category")}
              />
              <SelectField
                label={t("fields.visibility")}
                options={[
                  ["public", t("visibility.public")],
                  ["private", t("visibility.private")],
                ]}
                error={err("visibility")}
                {...register("visibility")}
              />
              {visibility === "private" && (
                <TextField
                  label={t("fields.accessCode")}
                  hint={event?.has_access_code ? t("accessCodeKeep") : t("accessCodeHint")}
                  autoComplete="off"
                  error={err("access_code")}
                  {...register("access_code")}
                />
              )}
            </div>
            <div className="admin-park-texts">
              <div lang="en">
                <TextAreaField label={t("fields.descriptionEn")} rows={3} {...register("en_description")} />
              </div>
              <div lang="fr">
                <TextAreaField label={t("fields.descriptionFr")} rows={3} {...register("fr_description")} />
              </div>
            </div>
          </section>

          <section className="admin-park-section">
            <h2>{t("sections.when")}</h2>
            <div className="admin-park-grid">
              <SelectField
                label={t("fields.timeZone")}
                options={(zones.includes(zone) ? zones : [zone, ...zones]).map((z) => [z, z] as const)}
                error={err("time_zone")}
                {...register("time_zone")}
              />
              <TextField
                type="datetime-local"
                label={t("fields.start", { zone })}
                required
                error={err("start_local")}
                {...register("start_local")}
              />
              <TextField
                type="datetime-local"
                label={t("fields.end", { zone })}
                required
                error={err("end_local")}
                {...register("end_local")}
              />
            </div>
            <p className="admin-park-muted">{t("whenHint", { zone })}</p>
          </section>

          <EventVenueFields form={form} countries={countries.data ?? []} isNew={!event} />

          <EventParksFields
            form={form}
            parkRows={parkRows}
            types={types}
            editable={editable}
            currency={countryRow?.currency ?? ""}
            myParks={myParks.data?.items ?? []}
            parkName={parkName}
            typeName={typeName}
            conflict={conflict}
            others={others.map(
              ([key, message]) => [key, t("errorLine", { where: where(key), message })] as const,
            )}
          />

          {save.isError && !conflict && others.length === 0 && Object.keys(formState.errors).length === 0 && (
            <p role="alert">{errorText(t, save.error)}</p>
          )}
          {saved && !save.isPending && (
            <p role="status" className="admin-park-saved">
              {t("saved")}
            </p>
          )}
          {editable && (
            <div className="admin-park-actions">
              <button type="submit" className="button button--accent">
                {save.isPending ? t("saving") : event ? t("save") : t("create")}
              </button>
            </div>
          )}
        </fieldset>
      </form>
    </>
  );
}
