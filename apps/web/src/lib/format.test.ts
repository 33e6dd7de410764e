import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { learnCountriesCurrencies } from "./currencies";
import {
  countryLabel,
  formatAmountInput,
  formatTaxRate,
  vehicleTypeLabel,
  formatMoney,
  parseNumber,
} from "./format";

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it("shows ₦, $, CA$ and CFA with 0 to 2 fraction digits, whatever the language", () => {
    expect(formatMoney(1500, "NGN", "en")).toBe("₦1,500");
    expect(formatMoney(12.5, "USD", "en")).toBe("$12.50");
    expect(formatMoney(31.5, "CAD", "en")).toBe("CA$31.50");
    expect(formatMoney(82.5, "NGN", "en")).toBe("₦82.50");
    expect(formatMoney(31.999, "CAD", "en")).toBe("CA$32");
    expect(formatMoney(12.345, "USD", "en")).toBe("$12.35");
    expect(formatMoney(9.99, "CAD", "en")).toBe("CA$9.99");
    expect(plain(formatMoney(2500.4, "XOF", "en"))).toBe("2,500 CFA");
    expect(plain(formatMoney(2500, "XOF", "fr"))).toBe("2 500 CFA");
    expect(plain(formatMoney(1500.5, "NGN", "fr"))).toBe("1 500,50 ₦");
  });

  it("writes a country added as rows with its row's sign and decimals, and an unknown currency with its code", () => {
    learnCountriesCurrencies([
      { code: "GH", currency: "GHS", currency_symbol: "GH₵", currency_decimals: 2 },
      { code: "CM", currency: "XAF", currency_symbol: "FCFA", currency_decimals: 0 },
    ]);
    expect(formatMoney(1250.5, "GHS", "en")).toBe("GH₵1,250.50");
    expect(plain(formatMoney(1250.5, "GHS", "fr"))).toBe("1 250,50 GH₵");
    expect(plain(formatMoney(1500.4, "XAF", "en"))).toBe("1,500 FCFA");
    expect(plain(formatMoney(15, "EUR", "en"))).toBe("15 EUR");
  });

  it("puts a minus before the sign for debits", () => {
    expect(formatMoney(-5, "USD", "en")).toBe("-$5");
    expect(plain(formatMoney(-700, "XOF", "fr"))).toBe("-700 CFA");
  });
});

describe("parseNumber", () => {
  it("reads a number as the language writes it: its grouping and its decimal sign", () => {
    expect(parseNumber("1,200", "en")).toBe(1200);
    expect(parseNumber("1,200.50", "en")).toBe(1200.5);
    expect(parseNumber("1 200", "fr")).toBe(1200);
    expect(parseNumber("1\u202f200,5", "fr")).toBe(1200.5);
    expect(parseNumber("12,5", "en")).toBe(12.5);
    expect(parseNumber(" 6.4401 ", "fr")).toBe(6.4401);
    expect(parseNumber("-3,41", "fr")).toBe(-3.41);
  });

  it("is not a number when empty or not written as one", () => {
    expect(parseNumber("", "en")).toBeNaN();
    expect(parseNumber("  ", "fr")).toBeNaN();
    expect(parseNumber("1,2,3", "en")).toBeNaN();
    expect(parseNumber("ten", "en")).toBeNaN();
  });
});

describe("formatAmountInput", () => {
  it("writes an amount to type over as the language writes numbers, read back by parseNumber", () => {
    expect(formatAmountInput(897.81, "en")).toBe("897.81");
    expect(formatAmountInput(897.81, "fr")).toBe("897,81");
    expect(formatAmountInput(20_000, "en")).toBe("20000");
    expect(formatAmountInput(1500.5, "fr")).toBe("1500,50");
    for (const lang of ["en", "fr"])
      expect(parseNumber(formatAmountInput(20_000.5, lang), lang)).toBe(20_000.5);
  });
  it("grouped, writes a table's figures with the language's grouping, still read back by parseNumber", () => {
    expect(formatAmountInput(4100, "fr", { grouped: true })).toBe("4\u202f100");
    expect(formatAmountInput(4100, "en", { grouped: true })).toBe("4,100");
    expect(formatAmountInput(31.5, "fr", { grouped: true })).toBe("31,50");
    for (const lang of ["en", "fr"])
      for (const n of [5.75, 31.5, 4100, 1_234_567.89])
        expect(parseNumber(formatAmountInput(n, lang, { grouped: true }), lang)).toBe(n);
  });
});

describe("formatTaxRate", () => {
  it("writes a rate from basis points to the half point, never rounded: 9.975%, and French's no-break space", () => {
    expect(formatTaxRate(997.5 / 100, "en")).toBe("9.975%");
    expect(formatTaxRate(997.5 / 100, "fr")).toBe("9,975\u00a0%");
    expect(formatTaxRate(997.5 / 100, "fr-CA")).toBe("9,975\u00a0%");
    expect(formatTaxRate(750 / 100, "en")).toBe("7.5%");
    expect(formatTaxRate(750 / 100, "fr")).toBe("7,5\u00a0%");
    expect(formatTaxRate(500 / 100, "en")).toBe("5%");
    expect(formatTaxRate(1300 / 100, "fr")).toBe("13\u00a0%");
  });
});

describe("countryLabel", () => {
  it("names a country in the language shown, else as the data names it", async () => {
    const common = (lng: string) =>
      JSON.parse(
        fs.readFileSync(
          path.resolve(import.meta.dirname, `../../../../packages/contract/locales/${lng}/common.json`),
          "utf8",
        ),
      ) as object;
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "fr", resources: { en: { common: common("en") }, fr: { common: common("fr") } } });
    const fr = i18n.getFixedT("fr");
    expect(countryLabel(fr, { code: "SN", name: "Senegal" })).toBe("Sénégal");
    expect(countryLabel(fr, { code: "US", name: "United States" })).toBe("États-Unis");
    expect(countryLabel(fr, { code: "NG", name: "Nigeria" })).toBe("Nigeria");
    expect(countryLabel(fr, { code: "ZZ", name: "Somewhere" })).toBe("Somewhere");
    expect(countryLabel(i18n.getFixedT("en"), { code: "SN", name: "Senegal" })).toBe("Senegal");
  });
});

describe("vehicleTypeLabel", () => {
  it("names a vehicle type in the language shown, else as the data names it", async () => {
    const bookings = (lng: string) =>
      JSON.parse(
        fs.readFileSync(
          path.resolve(import.meta.dirname, `../../../../packages/contract/locales/${lng}/bookings.json`),
          "utf8",
        ),
      ) as object;
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: "fr",
      resources: { en: { bookings: bookings("en") }, fr: { bookings: bookings("fr") } },
    });
    // "Car · Toyota" on a French vehicle: the type is the catalogue's word, not the data's.
    expect(vehicleTypeLabel(i18n.getFixedT("fr"), 1, "Car")).toBe("Voiture");
    expect(vehicleTypeLabel(i18n.getFixedT("fr"), 4, "Van / Bus")).toBe("Fourgon / bus");
    expect(vehicleTypeLabel(i18n.getFixedT("en"), 1, "Car")).toBe("Car");
    expect(vehicleTypeLabel(i18n.getFixedT("fr"), 99, "Tractor")).toBe("Tractor");
  });
});
