import type { AutoReload, SavedCard, SavedCards, Wallet } from "@parkwell/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField, TextField } from "../../components/ui/form-field";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/form-errors";
import { formatAmountInput, formatMoney } from "../../lib/format";
import { countriesQuery } from "../../lib/queries";
import {
  cardExpiry,
  cardName,
  removeSavedCard,
  saveAutoReload,
  stopAutoReload,
  useRefreshSavedCards,
  useSavedCards,
} from "../../lib/saved-cards";
import { useSchemaForm } from "../../lib/use-schema-form";
import { formatZonedDateTime, zoneOfCurrency } from "../../lib/zoned-time";
import { amountField } from "./amount";

/**
 * The wallet page's saved cards and automatic reload (decision 069): the cards kept at the
 * wallet's provider, each removable; the reload's figures and its state. A provider that keeps no
 * card (Wave) offers neither, and the section says so.
 */
export function SavedCardsSection({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation("wallet");
  const saved = useSavedCards();
  const id = useId();
  const data = saved.data;
  return (
    <section className="card wallet-cards" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("cards.title")}</h2>
      {saved.query.isPending && <p className="wallet-muted">{t("common:loading")}</p>}
      {saved.query.isError && (
        <div role="alert">
          <p>{saved.query.error instanceof ApiError ? saved.query.error.message : t("cards.loadError")}</p>
          <button type="button" className="button" onClick={() => void saved.query.refetch()}>
            {t("retry")}
          </button>
        </div>
      )}
      {data && !data.available && (
        <p data-testid="saved-cards-unavailable">
          {t("cards.unavailable", { provider: t(`providers.${data.provider}`) })}
        </p>
      )}
      {data?.available && (
        <>
          <CardList cards={data.cards} reload={data.auto_reload} />
          {data.cards.length > 0 && (
            // Another set of cards (one removed) starts the form again from what the server has.
            <AutoReloadForm key={data.cards.map((c) => c.id).join()} wallet={wallet} saved={data} />
          )}
        </>
      )}
    </section>
  );
}

/** Each card with its Remove button; removing asks first, then forgets it here and at the provider. */
function CardList({ cards, reload }: { cards: SavedCard[]; reload: AutoReload | null }) {
  const { t } = useTranslation("wallet");
  const refresh = useRefreshSavedCards();
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const remove = useMutation({
    mutationFn: (card: SavedCard) => removeSavedCard(card.id),
    onSuccess: async () => {
      await refresh();
      setRemoving(null);
    },
  });
  if (cards.length === 0) return <p className="wallet-muted">{t("cards.empty")}</p>;
  return (
    <>
      <ul className="wallet-cards__list">
        {cards.map((card) => {
          const expiry = cardExpiry(card);
          return (
            <li key={card.id} className="wallet-cards__item" data-testid="saved-card">
              <span className="wallet-cards__name">
                {expiry
                  ? t("cards.cardLine", { card: cardName(card), expiry })
                  : t("cards.cardLineNoExpiry", { card: cardName(card) })}
              </span>
              <button
                type="button"
                className="button"
                aria-label={t("cards.removeCard", { card: cardName(card) })}
                onClick={() => {
                  remove.reset();
                  setRemoving(card);
                }}
              >
                {t("cards.remove")}
              </button>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t("cards.removeTitle", { card: cardName(removing) }) : ""}
        message={
          removing && reload?.card_id === removing.id ? t("cards.removeTextReload") : t("cards.removeText")
        }
        cancelLabel={t("cards.keep")}
        confirmLabel={t("cards.remove")}
        busyLabel={t("cards.removing")}
        danger
        busy={remove.isPending}
        error={remove.error ? errorText(t, remove.error) : null}
        onConfirm={() => {
          if (removing && !remove.isPending) remove.mutate(removing);
        }}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

type ReloadValues = { card_id: string; threshold: string; amount: string };

/** The reload's form: which card, under what balance, how much; Save (and resume), Turn off. */
function AutoReloadForm({ wallet, saved }: { wallet: Wallet; saved: SavedCards }) {
  const { t, i18n } = useTranslation("wallet");
  const id = useId();
  const refresh = useRefreshSavedCards();
  const countries = useQuery(countriesQuery());
  const reload = saved.auto_reload;
  const lang = i18n.language;
  const money = (n: number) => formatMoney(n, wallet.currency, lang);
  // The reload belongs to no park: it is on the clock of the wallet's currency's country.
  const when = (iso: string) =>
    formatZonedDateTime(iso, lang, zoneOfCurrency(wallet.currency, countries.data));
  const rules = { decimals: wallet.decimals };
  const schema = z.object({
    card_id: z.string(),
    threshold: amountField(
      { ...rules, min: 0, max: wallet.max_balance },
      lang,
      { min: money(0), max: money(wallet.max_balance) },
      { max: "wallet:autoReload.thresholdMax" },
    ),
    amount: amountField({ ...rules, min: wallet.min_topup, max: wallet.max_topup }, lang, {
      min: money(wallet.min_topup),
      max: money(wallet.max_topup),
    }),
  });
  const form = useSchemaForm<ReloadValues, typeof schema>({
    schema,
    defaultValues: {
      card_id: saved.cards.find((c) => c.id === reload?.card_id)?.id ?? saved.cards[0]?.id ?? "",
      threshold: reload ? formatAmountInput(reload.threshold, lang) : "",
      amount: reload ? formatAmountInput(reload.amount, lang) : "",
    },
  });
  const [done, setDone] = useState<"saved" | "stopped" | null>(null);
  const save = useMutation({
    mutationFn: saveAutoReload,
    onMutate: () => setDone(null),
    onSuccess: async (next) => {
      await refresh(next);
      setDone("saved");
    },
    onError: (err) => form.showServerErrors(err),
  });
  const stop = useMutation({
    mutationFn: stopAutoReload,
    onMutate: () => setDone(null),
    onSuccess: async () => {
      await refresh();
      setDone("stopped");
    },
  });
  const busy = save.isPending || stop.isPending;
  const failure = save.error ? form.serverAlert(save.error) : stop.error ? errorText(t, stop.error) : null;
  const card = saved.cards.find((c) => c.id === reload?.card_id);

  return (
    <form
      className="wallet-reload"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) =>
        void form.handleSubmit((v) => {
          if (!busy) save.mutate(v);
        })(e)
      }
    >
      <h3 id={`${id}-title`}>{t("autoReload.title")}</h3>
      <div data-testid="auto-reload-state" aria-live="polite">
        {!reload ? (
          <p className="wallet-muted">{t("autoReload.off")}</p>
        ) : reload.paused_at ? (
          <div className="alert alert--error" data-testid="auto-reload-paused">
            <p>
              {reload.pause_reason
                ? t("autoReload.paused", { date: when(reload.paused_at), reason: reload.pause_reason })
                : t("autoReload.pausedNoReason", { date: when(reload.paused_at) })}
            </p>
            <p>{t("autoReload.resume")}</p>
          </div>
        ) : (
          <p>
            {t("autoReload.on", {
              threshold: money(reload.threshold),
              amount: money(reload.amount),
              card: card ? cardName(card) : "",
            })}
          </p>
        )}
        {reload?.last_reload_at && (
          <p className="wallet-muted">{t("autoReload.last", { date: when(reload.last_reload_at) })}</p>
        )}
      </div>
      <p className="field__hint" id={`${id}-rule`}>
        {t("autoReload.rule", { max: money(wallet.max_balance) })}
      </p>
      <div className="wallet-reload__fields">
        <SelectField
          label={t("autoReload.card")}
          options={saved.cards.map((c) => [c.id, cardName(c)] as const)}
          disabled={busy}
          {...form.register("card_id")}
        />
        <TextField
          label={t("autoReload.threshold", { currency: wallet.currency })}
          inputMode="decimal"
          autoComplete="off"
          disabled={busy}
          describedBy={`${id}-rule`}
          error={form.formState.errors.threshold?.message}
          {...form.register("threshold")}
        />
        <TextField
          label={t("autoReload.amount", { currency: wallet.currency })}
          hint={t("autoReload.amountHint", { min: money(wallet.min_topup), max: money(wallet.max_topup) })}
          inputMode="decimal"
          autoComplete="off"
          disabled={busy}
          error={form.formState.errors.amount?.message}
          {...form.register("amount")}
        />
      </div>
      <FormAlert message={failure} />
      <FormAlert
        tone="success"
        message={
          done === "saved" ? t("autoReload.saved") : done === "stopped" ? t("autoReload.stopped") : null
        }
      />
      <div className="wallet-reload__actions">
        <button type="submit" className="button button--accent" disabled={busy}>
          {save.isPending
            ? t("autoReload.saving")
            : reload?.paused_at
              ? t("autoReload.saveResume")
              : t("autoReload.save")}
        </button>
        {reload && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              if (!busy) stop.mutate();
            }}
          >
            {stop.isPending ? t("autoReload.stopping") : t("autoReload.stop")}
          </button>
        )}
      </div>
    </form>
  );
}
