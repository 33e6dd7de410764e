import {
  GateCodeBodySchema,
  readGateCode,
  type CheckinResult,
  type CheckoutResult,
  type GateCheckinBody,
  type PassCheckinResult,
  type PassCheckoutResult,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { TextField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api";
import { gateErrorText } from "./errors";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { checkIn, checkOut, gateTodayQuery } from "./api";
import { GateClaims } from "./gate-claims";
import { BookingCard, CheckoutSummary, TodayLists } from "./gate-parts";
import { PassCard, PassCheckoutSummary, PlateChoice } from "./pass-parts";
import { ParkPicker, useChosenPark } from "../ui/park-picker";
import "./gate.css";

// The camera and the QR decoder load only when an attendant scans.
const QrScanner = lazy(async () => ({ default: (await import("./qr-scanner")).QrScanner }));

type Outcome =
  | { kind: "in"; result: CheckinResult | PassCheckinResult }
  | { kind: "out"; result: CheckoutResult | PassCheckoutResult };

/** The plates of a pass with two cars when the check-in asks which one is entering (422 choose_plate). */
function platesToChoose(err: unknown): string[] | null {
  if (!(err instanceof ApiError) || err.code !== "choose_plate") return null;
  const plates = (err.body as { plates?: unknown } | undefined)?.plates;
  return Array.isArray(plates) && plates.every((p) => typeof p === "string") ? plates : null;
}

/** What is sent: a typed code tidied (`pw 7k3m…` → `PW-7K3M…`, `mp…` → `MP-…`), a scanned QR as it was read. */
function codeInput(raw: string): string {
  const read = readGateCode(raw);
  return read?.kind === "code" ? read.code : raw.trim();
}

/**
 * The attendant's page at the barrier, phone first: the park, a big Scan QR button, the code typed
 * by hand (a booking's or a monthly pass's), Check in and Check out, the answer as a card the
 * attendant can read at arm's length (for a pass with two cars, first which car is entering), and
 * today's arrivals, departures and monthly passes.
 */
export function GatePage() {
  const { t } = useTranslation(["admin-gate", "auth"]);
  const can = useCan();
  const client = useQueryClient();
  const chosen = useChosenPark("gate.view");
  const { park } = chosen;
  const today = useQuery({ ...gateTodayQuery(park?.id ?? 0), enabled: Boolean(park) });
  const [scanning, setScanning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The last check-in sent, to send again with the plate chosen when a pass asks which car.
  const [sent, setSent] = useState<GateCheckinBody | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  const form = useSchemaForm<{ code: string }, typeof GateCodeBodySchema>({
    schema: GateCodeBodySchema,
    defaultValues: { code: "" },
    // The park chosen above goes with every code: a booking for another park is refused.
    toInput: (v) => ({ code: codeInput(v.code), park_id: park?.id }),
    requiredText: { code: "admin-gate:check.required" },
  });
  const done = async () => {
    await client.invalidateQueries({ queryKey: ["admin", "gate", "today"] });
  };
  const mutation = useMutation({
    mutationFn: async ({ kind, body }: { kind: "in" | "out"; body: GateCheckinBody }): Promise<Outcome> =>
      kind === "in" ? { kind, result: await checkIn(body) } : { kind, result: await checkOut(body) },
    onMutate: ({ body }) => {
      setOutcome(null);
      setSent(body);
    },
    onSuccess: async (result) => {
      setOutcome(result);
      setSent(null);
      form.reset({ code: "" });
      await done();
    },
    onError: () => input.current?.select(),
  });
  // Enter checks in (or out, for a user who may only check out); the other button says which.
  const run = (kind: "in" | "out") => form.handleSubmit((body) => mutation.mutate({ kind, body }));
  const enterKind = can("gate.create") ? "in" : "out";
  const { ref: registerRef, ...codeField } = form.register("code");

  const failure = mutation.error;
  const conflict = failure instanceof ApiError && (failure.status === 409 || failure.status === 422);
  const choose = sent ? platesToChoose(failure) : null;

  return (
    <div className="gate-page">
      <PageHeader title={t("title")} description={t("intro")} />
      <ParkPicker {...chosen} />

      <section className="gate-check" aria-labelledby="gate-check-title">
        <h2 id="gate-check-title" className="gate-section-title">
          {t("check.title")}
        </h2>
        <button
          type="button"
          className="button button--accent gate-scan"
          onClick={() => setScanning(true)}
          aria-haspopup="dialog"
        >
          {t("scan.button")}
        </button>
        {scanning && (
          <Suspense fallback={<LoadingState text={t("scan.loading")} />}>
            <QrScanner
              onClose={() => setScanning(false)}
              onCode={(value) => {
                setScanning(false);
                form.setValue("code", value);
                input.current?.focus();
              }}
            />
          </Suspense>
        )}
        <form className="gate-form" onSubmit={(e) => void run(enterKind)(e)} noValidate>
          <TextField
            label={t("check.code")}
            hint={t("check.hint")}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            className="gate-code-input"
            error={form.formState.errors.code?.message}
            {...codeField}
            ref={(el) => {
              registerRef(el);
              input.current = el;
            }}
          />
          <div className="gate-actions">
            {can("gate.create") && (
              <button
                type="submit"
                className="button gate-action gate-action--in"
                disabled={mutation.isPending || !park}
              >
                {t("check.in")}
              </button>
            )}
            {can("gate.update") && (
              <button
                type={enterKind === "out" ? "submit" : "button"}
                className="button gate-action gate-action--out"
                disabled={mutation.isPending || !park}
                onClick={(e) => {
                  if (enterKind === "out") return;
                  void run("out")(e).then(() => {
                    if (form.getFieldState("code").invalid) input.current?.focus();
                  });
                }}
              >
                {t("check.out")}
              </button>
            )}
          </div>
        </form>
        <div className="gate-result" aria-live="polite">
          {mutation.isPending && <LoadingState text={t("check.sending")} />}
          {failure && !form.formState.errors.code && !choose && (
            <div className={conflict ? "gate-refused" : undefined} data-testid="gate-error">
              <FormAlert message={gateErrorText(t, failure)} />
            </div>
          )}
          {choose && sent && (
            <PlateChoice
              plates={choose}
              disabled={mutation.isPending}
              onChoose={(plate) => mutation.mutate({ kind: "in", body: { ...sent, plate } })}
            />
          )}
          {outcome?.kind === "in" &&
            ("pass" in outcome.result ? (
              <PassCard
                pass={outcome.result.pass}
                plate={outcome.result.visit.plate}
                headline={t("result.checkedIn")}
                tone="ok"
              />
            ) : (
              <BookingCard booking={outcome.result.booking} headline={t("result.checkedIn")} tone="ok" />
            ))}
          {outcome?.kind === "out" &&
            ("pass" in outcome.result ? (
              <PassCheckoutSummary result={outcome.result} />
            ) : (
              <CheckoutSummary result={outcome.result} />
            ))}
        </div>
      </section>

      {park && <GateClaims parkId={park.id} canConfirm={can("gate.update")} />}

      {park && (
        <TodayLists
          query={today}
          onPick={(code) => {
            form.setValue("code", code);
            input.current?.focus();
          }}
        />
      )}
    </div>
  );
}
