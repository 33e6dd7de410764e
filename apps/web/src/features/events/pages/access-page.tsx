import { EventAccessBodySchema } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useController } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { TextField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { requestEventAccess } from "../api";
import { storeEventAccess } from "../../../lib/event-access";
// The app's field styles (44 px controls, 16 px text) for the form on this page.
import "../../../components/ui/content.css";
import "../events.css";

interface Values {
  event_code: string;
  access_code: string;
}

/**
 * /private-event-access?event={code}: the organiser's access code, entered for one event (its code
 * comes from the event's page when the driver followed its link), opens that event for this
 * browser session (the grant is kept in sessionStorage and sent with that event's requests). The
 * code is checked against that event alone.
 */
export function PrivateEventAccessPage() {
  const { t } = useTranslation(["events", "auth"]);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const form = useSchemaForm<Values, typeof EventAccessBodySchema>({
    schema: EventAccessBodySchema,
    defaultValues: { event_code: (params.get("event") ?? "").slice(0, 20), access_code: "" },
  });
  const {
    field: { ref: eventRef, ...eventField },
    fieldState: { error: eventError },
  } = useController({ control: form.control, name: "event_code" });
  const {
    field: { ref, ...field },
    fieldState: { error: fieldError },
  } = useController({ control: form.control, name: "access_code" });
  const access = useMutation({
    mutationFn: (body: Values) => requestEventAccess(body.event_code, body.access_code),
    onSuccess: async ({ event_code, access_token }) => {
      storeEventAccess(event_code, access_token);
      // A 404 asked before the grant is no longer the answer.
      await client.invalidateQueries({ queryKey: ["events", "detail", event_code] });
      void navigate(`/event/${event_code}`);
    },
    onError: (err) => {
      if (form.showServerErrors(err)) return;
      // A wrong code (or a code for no such event) is the server's sentence at the access code.
      if (err instanceof ApiError && err.status === 404)
        form.setError("access_code", { type: "server", message: err.message }, { shouldFocus: true });
    },
  });
  const submit = form.handleSubmit((body) => {
    if (!access.isPending) access.mutate(body);
  });
  // A 404 is said at the access code; anything else no field shows is the form's alert.
  const failure =
    access.error instanceof ApiError && access.error.status === 404 ? null : form.serverAlert(access.error);

  return (
    <div className="container page events-access">
      <h1>{t("access.title")}</h1>
      <p>{t("access.lead")}</p>
      <form className="events-access__form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t("access.eventLabel")}
          hint={t("access.eventHint")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          {...eventField}
          ref={eventRef}
          error={eventError?.message}
        />
        <TextField
          label={t("access.label")}
          hint={t("access.hint")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          {...field}
          ref={ref}
          error={fieldError?.message}
        />
        <FormAlert message={failure} />
        <button type="submit" className="button button--accent" disabled={access.isPending}>
          {access.isPending ? t("access.checking") : t("access.submit")}
        </button>
      </form>
      <p>
        <Link to="/events">{t("access.public")}</Link>
      </p>
    </div>
  );
}
