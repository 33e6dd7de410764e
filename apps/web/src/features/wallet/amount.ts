import { normalizeNumber } from "../../lib/format";

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
