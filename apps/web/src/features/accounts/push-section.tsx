import { PUSH_REMINDERS, type PushReminder } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { errorText } from "../../lib/form-errors";
import {
  deviceRecord,
  NotificationsRefused,
  pushConfigQuery,
  pushSupported,
  subscribeDevice,
  unsubscribeDevice,
} from "../../lib/push";

const LABELS: Record<PushReminder, string> = {
  booking_start: "push.startReminder",
  booking_end: "push.endReminder",
  pass_renewal: "push.passReminder",
  document_expiry: "push.documentReminder",
};

const deviceQuery = { queryKey: ["push-device"], queryFn: deviceRecord };

/**
 * "Notifications on this device" (decision 066): the reminders this phone or computer gets as
 * push notifications, apart from the e-mail ones; each device keeps its own choice. Shown only
 * when the server sends them (it has VAPID keys).
 */
export function PushSection() {
  const { t } = useTranslation("account");
  const config = useQuery(pushConfigQuery);
  const publicKey = config.data?.public_key;
  if (!publicKey) return null;
  return (
    <section className="acc-section" aria-labelledby="push-title">
      <h2 id="push-title">{t("push.title")}</h2>
      <p className="acc-muted">{t("push.intro")}</p>
      {pushSupported() ? (
        <DeviceChoice publicKey={publicKey} />
      ) : (
        <p className="acc-muted" role="note">
          {t("push.unsupported")}
        </p>
      )}
    </section>
  );
}

function DeviceChoice({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation("account");
  const client = useQueryClient();
  const device = useQuery(deviceQuery);
  const [chosen, setChosen] = useState<PushReminder[] | null>(null);
  const [done, setDone] = useState<"saved" | "off" | null>(null);
  const reminders = chosen ?? device.data?.reminders ?? [...PUSH_REMINDERS];
  const on = Boolean(device.data);
  const save = useMutation({
    mutationFn: () => subscribeDevice(publicKey, reminders),
    onSuccess: (record) => {
      client.setQueryData(deviceQuery.queryKey, record);
      setDone("saved");
    },
  });
  const stop = useMutation({
    mutationFn: unsubscribeDevice,
    onSuccess: () => {
      client.setQueryData(deviceQuery.queryKey, null);
      setChosen(null);
      setDone("off");
    },
  });
  const failure = save.error ?? stop.error;
  const toggle = (r: PushReminder, checked: boolean) => {
    setDone(null);
    setChosen(
      checked
        ? PUSH_REMINDERS.filter((x) => x === r || reminders.includes(x))
        : reminders.filter((x) => x !== r),
    );
  };
  const busy = save.isPending || stop.isPending;
  return (
    <form
      className="acc-form acc-push"
      noValidate
      aria-labelledby="push-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (reminders.length > 0) save.mutate();
      }}
    >
      <p role="status" className="acc-muted">
        {device.isPending ? t("loading") : on ? t("push.on") : t("push.off")}
      </p>
      <FormAlert message={done === "saved" ? t("push.saved") : null} tone="success" />
      <FormAlert
        message={
          failure instanceof NotificationsRefused
            ? t("push.refused")
            : failure
              ? errorText(t, failure)
              : reminders.length === 0
                ? t("push.chooseOne")
                : null
        }
      />
      <fieldset className="acc-reminders">
        <legend className="visually-hidden">{t("push.title")}</legend>
        {PUSH_REMINDERS.map((r) => (
          <label key={r} className="acc-check">
            <input
              type="checkbox"
              checked={reminders.includes(r)}
              onChange={(e) => toggle(r, e.target.checked)}
            />
            {t(LABELS[r])}
          </label>
        ))}
      </fieldset>
      <div className="acc-actions">
        <button type="submit" className="button button--accent" disabled={busy || reminders.length === 0}>
          {on ? t("push.save") : t("push.turnOn")}
        </button>
        {on ? (
          <button type="button" className="button" disabled={busy} onClick={() => stop.mutate()}>
            {t("push.turnOff")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
