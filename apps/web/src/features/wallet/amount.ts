/** Client-side check of a top-up amount; the server checks the same rules again. */
export interface AmountRules {
  decimals: number;
  min: number;
  max: number;
}

export type AmountCheck =
  | { ok: true; amount: number }
  | { ok: false; error: "required" | "invalid" | "whole" | "decimals" | "min" | "max" };

/**
 * The amount as typed, with the language's digit grouping taken out and a decimal comma read as
 * a point: "20,000" and "20,000.50" in English, "20 000" and "20 000,50" in French (a space,
 * a no-break space or a narrow one between groups of three); "1500,50" either way.
 */
export function normalizeAmount(text: string, language: string): string {
  let value = text.trim().replace(/(\d)[\s\u00a0\u202f](?=\d{3}(?:\D|$))/g, "$1");
  if (!language.startsWith("fr") && /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value))
    value = value.replaceAll(",", "");
  return value.replace(",", ".");
}

export function checkAmount(text: string, rules: AmountRules, language = "en"): AmountCheck {
  const value = normalizeAmount(text, language);
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
