import {
  CLAIM_DETAILS_MAX,
  CLAIM_REASONS,
  ClaimCreateBodySchema,
  type Claim,
  type ClaimCreateBody,
} from "@parkwell/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { FormAlert } from "../ui/form-alert";
import { SelectField, TextAreaField } from "../ui/form-field";
import { api } from "../../lib/api";
import { useFocusWhenTurnsOn } from "../../lib/use-focus";
import { useSchemaForm } from "../../lib/use-schema-form";
import "./claims.css";

/** What the claim is about: a booking, or a monthly pass (its current term). */
export type ClaimSubject = { booking_id: string } | { pass_id: string };

interface Values {
  reason: string;
  details: string;
  /** park_full on a booking: "refund" (the default) or "rebook" (a space nearby). */
  remedy: string;
}

/** The phone's place, asked only when the driver ticked "Share my location"; null when refused or unknown. */
function currentPlace(): Promise<{ latitude: number; longitude: number } | null> {
  if (!("geolocation" in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

const claimOfQuery = (subject: ClaimSubject) => ({
  queryKey: ["claims", "of", subject],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api("/claims", { query: { ...subject, size: 1 }, signal }),
  staleTime: 0,
});

/**
 * "Report a problem" on a booking's or a pass's page (docs/PRODUCT-RULES.md#claims): the reason
 * (a booking's full park with its remedy: the refund, or a space nearby), the driver's words, a
 * photo, and the place only when the driver allows it; sent once (one
 * Idempotency-Key per attempt), then the claim's page. A subject already claimed links its claim.
 */
export function ReportProblem({ subject }: { subject: ClaimSubject }) {
  const { t } = useTranslation("claims");
  const headingId = useId();
  const navigate = useNavigate();
  const existing = useQuery(claimOfQuery(subject));
  const [open, setOpen] = useState(false);
  const [share, setShare] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const opener = useFocusWhenTurnsOn<HTMLButtonElement>(!open);
  // Only a booking's full park may ask for a space nearby rather than the refund.
  const asksRemedy = (reason: string) => "booking_id" in subject && reason === "park_full";
  const form = useSchemaForm<Values, typeof ClaimCreateBodySchema>({
    schema: ClaimCreateBodySchema,
    defaultValues: { reason: "", details: "", remedy: "refund" },
    toInput: (v) => ({
      ...subject,
      reason: v.reason || undefined,
      details: v.details.trim() || undefined,
      ...(asksRemedy(v.reason) && v.remedy === "rebook" ? { remedy: "rebook" } : {}),
    }),
  });
  const remedyId = useId();
  // The claim once filed: a photo the API refused is sent again on the next press, without a
  // second claim (which the API would refuse as already reported).
  const filed = useRef<Claim | null>(null);
  const send = useMutation({
    mutationFn: async (body: ClaimCreateBody) => {
      const location = !filed.current && share ? await currentPlace() : null;
      const claim =
        filed.current ??
        (await api("/claims", {
          method: "POST",
          body: { ...body, location },
          headers: { "idempotency-key": key },
        }));
      filed.current = claim;
      // A claim the rules decided at once (a full park at the gate) takes no photo.
      if (photo && claim.status === "open") {
        const data = new FormData();
        data.append("file", photo, photo.name);
        await api("/claims/{id}/photo", { method: "POST", params: { id: String(claim.id) }, body: data });
      }
      return claim;
    },
    onSuccess: (claim) => void navigate(`/claims/${claim.id}`),
    onError: (err) => {
      if (!filed.current) setKey(crypto.randomUUID());
      void form.showServerErrors(err);
    },
  });
  const submit = form.handleSubmit((body) => {
    if (!send.isPending) send.mutate(body);
  });
  const claimed = existing.data?.items[0];
  const reasonError = form.formState.errors.reason?.message;

  return (
    <section className="card claim-report" aria-labelledby={headingId} data-testid="report-problem">
      <h2 id={headingId}>{t("report.title")}</h2>
      {claimed ? (
        <p>
          {t("report.already", { code: claimed.code })}{" "}
          <Link to={`/claims/${claimed.id}`}>{t("report.see")}</Link>
        </p>
      ) : !open ? (
        <>
          <p>{t("report.intro")}</p>
          <button ref={opener} type="button" className="button" onClick={() => setOpen(true)}>
            {t("report.open")}
          </button>
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={headingId}>
          <SelectField
            label={t("report.reason")}
            required
            error={reasonError}
            options={[["", t("report.choose")], ...CLAIM_REASONS.map((r) => [r, t(`reasons.${r}`)] as const)]}
            {...form.register("reason")}
          />
          {asksRemedy(form.watch("reason")) && (
            <fieldset className="claim-remedy" aria-describedby={`${remedyId}-hint`}>
              <legend>{t("report.remedy")}</legend>
              {(["refund", "rebook"] as const).map((r) => (
                <label key={r} className="claim-remedy__choice">
                  <input type="radio" value={r} {...form.register("remedy")} /> {t(`report.${r}`)}
                </label>
              ))}
              <p id={`${remedyId}-hint`} className="field__hint">
                {t("report.remedyHint")}
              </p>
            </fieldset>
          )}
          <TextAreaField
            label={t("report.details")}
            hint={t("report.detailsHint", { max: CLAIM_DETAILS_MAX })}
            rows={4}
            maxLength={CLAIM_DETAILS_MAX}
            error={form.formState.errors.details?.message}
            {...form.register("details")}
          />
          <p className="field">
            <label>
              {t("report.photo")}
              <input
                type="file"
                accept="image/jpeg,image/png,application/pdf"
                onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
              />
            </label>
            <span className="field__hint">{t("report.photoHint")}</span>
          </p>
          <p>
            <label>
              <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} />{" "}
              {t("report.share")}
            </label>
          </p>
          <FormAlert message={form.serverAlert(send.error)} />
          <button type="submit" className="button button--accent" disabled={send.isPending}>
            {send.isPending ? t("report.sending") : t("report.send")}
          </button>{" "}
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t("report.cancel")}
          </button>
        </form>
      )}
    </section>
  );
}
