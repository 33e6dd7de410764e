import { z } from "zod";
import { formatAmountInput, normalizeNumber } from "../../lib/format";

/** Client-side check of a top-up amount; the server checks the same rules again. */
export interface AmountRules {
  decimals: number;
  min: number;
  max: number;
}

export type AmountCheck =
  | { ok: true; amount: number }
  | { ok: false; error: "required" | "invalid" | "whole" | "decimals" | "min" | "max" };

export function checkAmount(text: string, rules: AmountRules, language = "en"): AmountCheck {
  const value = normalizeNumber(text, language);
  if (value === "") return { ok: false, error: "required" };
  if (!/^\d{1,12}(\.\d+)?$/.test(value)) return { ok: false, error: "invalid" };
  const places = value.split(".")[1]?.length ?? 0;
  if (places > rules.decimals) return { ok: false, error: rules.decimals === 0 ? "whole" : "decimals" };
  const amount = Number(value);
  if (amount <= 0) return { ok: false, error: "invalid" };
  if (amount < rules.min) return { ok: false, error: "min" };
  if (amount > rules.max) return { ok: false, error: "max" };
  return { ok: true, amount };
}

type AmountError = Extract<AmountCheck, { ok: false }>["error"];

/**
 * A money field as typed, checked with `rules` (checkAmount) and read as a number; its problems
 * name their texts, the add-funds dialog's (`wallet:dialog.*`), or the field's own in `own`
 * (the reload's threshold has its own maximum). `limits` are the min and max as shown.
 */
export function amountField(
  rules: AmountRules,
  language: string,
  limits: { min: string; max: string },
  own: Partial<Record<AmountError, string>> = {},
) {
  // The examples of a valid amount, written as the language writes numbers ("1500,50" in French).
  const values = {
    ...limits,
    whole: formatAmountInput(1500, language),
    decimal: formatAmountInput(1500.5, language),
  };
  return z.string().transform((text, ctx) => {
    const check = checkAmount(text, rules, language);
    if (check.ok) return check.amount;
    const error = check.error === "invalid" && rules.decimals === 0 ? "invalidWhole" : check.error;
    const key = own[check.error] ?? `wallet:dialog.${error}`;
    ctx.addIssue({ code: "custom", params: { key, values } });
    return z.NEVER;
  });
}
