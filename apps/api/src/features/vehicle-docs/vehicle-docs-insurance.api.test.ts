// Comprehensive motor insurance (decision 031): an insurer's premium rate on the declared vehicle
// value with its minimum premium, instead of third-party insurance, passed through untaxed; the
// receipt's premium and government fee lines in French; staff's rate changes, audited.
import { sql } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { userVehicles } from "../../db/schema/index";
import { VEHICLE_DOC_INSURERS } from "../../db/seed/vehicle-docs";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { fundedUser } from "../bookings/bookings.test-kit";
import { ngParks, resetDeliverySetup } from "../marketplace/marketplace.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";

let ctx: TestContext;
let db: Db;
let staff: TestUser;
let park: number;
/** The seeded insurers by name: id. */
const insurer: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  await resetDeliverySetup(db);
  [park] = (await ngParks(db, 1)) as [number];
  staff = await createStaff(db, "admin");
  for (const row of await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM vehicle_doc_insurers`,
  )) {
    insurer[row.name] = Number(row.id);
  }
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

/** A private 1800 cc car registered in Lagos: its vehicle licence is ₦4,500. */
async function vehicleOf(user: TestUser): Promise<number> {
  const [row] = await db
    .insert(userVehicles)
    .values({
      userId: user.id,
      plateNumber: `KJA${Math.floor(Math.random() * 1e6)}`,
      vehicleTypeId: 1,
      make: "Toyota",
      model: "Camry",
      color: "Black",
      registrationStateId: 1,
      engineCc: 1800,
      vehicleUse: "private",
    })
    .returning({ id: userVehicles.id });
  return row!.id;
}

/** The PDF's text, its items joined by spaces (normal spaces for the non-breaking ones). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= pdf.numPages; p += 1) {
    for (const item of (await (await pdf.getPage(p)).getTextContent()).items) {
      if ("str" in item) parts.push(item.str);
    }
  }
  await pdf.destroy();
  return parts.join(" ").replace(/[\u00a0\u202f]/g, " ");
}

const send = (user: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object, lang = "en") =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(user), "accept-language": lang },
    ...(payload ? { payload } : {}),
  });

const body = (vehicleId: number, documents: string[], insurance?: object) => ({
  type: "vehicle_papers",
  vehicle_id: vehicleId,
  documents,
  delivery: { park_id: park },
  ...(insurance ? { insurance } : {}),
});

describe("comprehensive insurance with the insurer's price", () => {
  it("seeds believable insurers: rates of 3 to 5 percent with a minimum premium, listed for the driver", async () => {
    const driver = await fundedUser(db, 0);
    const res = await send(driver, "GET", "/vehicle-docs/insurers");
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { name: string; rate: number; minimum_premium: number; active: boolean }[];
    expect(list.map((i) => i.name)).toEqual(VEHICLE_DOC_INSURERS.map((i) => i.name));
    for (const i of list) {
      expect(i.rate).toBeGreaterThanOrEqual(3);
      expect(i.rate).toBeLessThanOrEqual(5);
      expect(i.minimum_premium).toBeGreaterThan(0);
      expect(i.active).toBe(true);
    }
  });

  it("prices the premium at the minimum for a cheap car and at the rate above it, untaxed", async () => {
    const driver = await fundedUser(db, 0);
    const car = await vehicleOf(driver);
    // Leadway: 5 % with a ₦50,000 minimum. 5 % of ₦800,000 is ₦40,000: the minimum applies.
    const low = await send(
      driver,
      "POST",
      "/vehicle-docs/quote",
      body(car, ["vehicle_licence", "comprehensive_insurance"], {
        insurer_id: insurer["Leadway Assurance"],
        vehicle_value: 800_000,
      }),
    );
    expect(low.statusCode, low.body).toBe(200);
    expect(low.json()).toMatchObject({
      lines: [
        { document_type: "vehicle_licence", fee: 4_500 },
        { document_type: "comprehensive_insurance", fee: 50_000 },
      ],
      // The government fee and the premium apart: two kinds of money, neither Parkwell's.
      fees_total: 4_500,
      premiums_total: 50_000,
      service_charge: 2_500,
      // VAT 7.5 % on the service charge only: neither the government fee nor the premium.
      tax: 187.5,
      total: 57_187.5,
      insurance: {
        insurer_id: insurer["Leadway Assurance"],
        insurer_name: "Leadway Assurance",
        vehicle_value: 800_000,
        rate: 5,
        minimum_premium: 50_000,
        premium: 50_000,
      },
    });
    // AIICO: 3.5 % of ₦6,000,000 is ₦210,000, above its ₦60,000 minimum.
    const high = await send(
      driver,
      "POST",
      "/vehicle-docs/quote",
      body(car, ["comprehensive_insurance"], {
        insurer_id: insurer["AIICO Insurance"],
        vehicle_value: 6_000_000,
      }),
    );
    expect(high.statusCode, high.body).toBe(200);
    expect(high.json()).toMatchObject({
      lines: [{ document_type: "comprehensive_insurance", fee: 210_000 }],
      tax: 187.5,
      total: 212_687.5,
      insurance: { rate: 3.5, premium: 210_000 },
    });
  });

  it("charges the request once with an insurance premium line naming the insurer, worded in French", async () => {
    const driver = await fundedUser(db, 30_000_000);
    const car = await vehicleOf(driver);
    const placed = await send(driver, "POST", "/vehicle-docs/requests", {
      ...body(car, ["roadworthiness", "comprehensive_insurance"], {
        insurer_id: insurer["AXA Mansard"],
        vehicle_value: 4_000_000,
      }),
      expected_total: 6_000 + 160_000 + 2_500 + 187.5,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const request = placed.json();
    expect(request.insurance).toMatchObject({
      insurer_name: "AXA Mansard",
      vehicle_value: 4_000_000,
      premium: 160_000,
    });
    expect(request.lines).toContainEqual({ document_type: "comprehensive_insurance", fee: 160_000 });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(30_000_000 - 16_868_750);
    const again = await send(driver, "GET", `/vehicle-docs/requests/${request.code}`);
    expect(again.json().insurance).toEqual(request.insurance);

    const list = await send(driver, "GET", `/receipts?reference=${request.code}`);
    expect(list.statusCode, list.body).toBe(200);
    const [summary] = list.json().items as { number: string }[];
    const en = (await send(driver, "GET", `/receipts/${summary!.number}`)).json();
    expect(en.lines.map((l: { kind: string }) => l.kind)).toEqual([
      "government_fee",
      "insurance_premium",
      "service_fee",
      "pickup",
    ]);
    expect(en.lines[1]).toMatchObject({
      label: "Insurance premium",
      subject: "AXA Mansard",
      detail: "Comprehensive motor insurance",
      amount: 160_000,
    });
    expect(en.taxes).toEqual([{ name: "VAT", rate: 7.5, base: 2_500, amount: 187.5 }]);
    const fr = (await send(driver, "GET", `/receipts/${summary!.number}`, undefined, "fr")).json();
    expect(fr.lines[0]).toMatchObject({
      label: "Droits administratifs",
      detail: "Certificat de contrôle technique",
    });
    expect(fr.lines[1]).toMatchObject({
      label: "Prime d'assurance",
      subject: "AXA Mansard",
      detail: "Assurance automobile tous risques",
    });
    const pdf = await send(driver, "GET", `/receipts/${summary!.number}.pdf?lang=fr`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Droits administratifs");
    expect(text).toContain("Certificat de contrôle technique");
    expect(text).toContain("Prime d'assurance : AXA Mansard");
    expect(text).toContain("Assurance automobile tous risques");
  });

  it("counts an insurance premium apart from the government fees: its receipt line and the request's totals", async () => {
    const driver = await fundedUser(db, 30_000_000);
    const car = await vehicleOf(driver);
    const quoted = await send(
      driver,
      "POST",
      "/vehicle-docs/quote",
      body(car, ["vehicle_licence", "third_party_insurance"]),
    );
    expect(quoted.statusCode, quoted.body).toBe(200);
    const q = quoted.json() as {
      lines: { document_type: string; fee: number }[];
      fees_total: number;
      premiums_total: number;
      total: number;
    };
    const fee = (type: string) => q.lines.find((l) => l.document_type === type)!.fee;
    expect(q.premiums_total).toBe(fee("third_party_insurance"));
    expect(q.fees_total).toBe(fee("vehicle_licence"));
    const placed = await send(driver, "POST", "/vehicle-docs/requests", {
      ...body(car, ["vehicle_licence", "third_party_insurance"]),
      expected_total: q.total,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const request = placed.json();
    expect({ fees: request.fees_total, premiums: request.premiums_total }).toEqual({
      fees: fee("vehicle_licence"),
      premiums: fee("third_party_insurance"),
    });
    const list = await send(driver, "GET", `/receipts?reference=${request.code}`);
    const [summary] = list.json().items as { number: string }[];
    const receipt = (await send(driver, "GET", `/receipts/${summary!.number}`)).json();
    expect(receipt.lines.map((l: { kind: string; detail: string | null }) => [l.kind, l.detail])).toEqual([
      ["government_fee", "Vehicle licence"],
      ["insurance_premium", "Third-party motor insurance"],
      ["service_fee", null],
      ["pickup", expect.any(String)],
    ]);
  });

  it("refuses third-party and comprehensive together, in English and French", async () => {
    const driver = await fundedUser(db, 0);
    const car = await vehicleOf(driver);
    const both = body(car, ["third_party_insurance", "comprehensive_insurance"], {
      insurer_id: insurer["AXA Mansard"],
      vehicle_value: 4_000_000,
    });
    const en = await send(driver, "POST", "/vehicle-docs/quote", both);
    expect(en.statusCode).toBe(422);
    expect(en.json()).toMatchObject({
      code: "documents_not_applicable",
      message:
        "Choose third-party or comprehensive insurance, not both: comprehensive covers third parties too",
    });
    const fr = await send(driver, "POST", "/vehicle-docs/requests", both, "fr");
    expect(fr.statusCode).toBe(422);
    expect(fr.json().message).toBe(
      "Choisissez l'assurance au tiers ou tous risques, pas les deux\u00a0: la tous risques couvre aussi les tiers",
    );
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM vehicle_doc_requests WHERE user_id = ${driver.id}`,
    );
    expect(Number(count!.n)).toBe(0);
  });

  it("refuses a missing, out-of-bounds or fractional value, an unknown or withdrawn insurer, and insurance without comprehensive", async () => {
    const driver = await fundedUser(db, 0);
    const car = await vehicleOf(driver);
    const axa = insurer["AXA Mansard"]!;
    const quote = (documents: string[], insurance?: object, lang = "en") =>
      send(driver, "POST", "/vehicle-docs/quote", body(car, documents, insurance), lang);

    const missing = await quote(["comprehensive_insurance"]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: "insurance_required",
      message: "Comprehensive insurance needs the vehicle's value and an insurer",
    });
    for (const vehicle_value of [99_999, 500_000_001, 1_500_000.5, -1, "big"]) {
      const res = await quote(["comprehensive_insurance"], { insurer_id: axa, vehicle_value });
      expect(res.statusCode, String(vehicle_value)).toBe(422);
    }
    const low = await quote(["comprehensive_insurance"], { insurer_id: axa, vehicle_value: 99_999 }, "fr");
    expect(low.json().message).toContain("vehicle_value");
    expect(low.json().message).toContain("100000");
    for (const insurer_id of [999_999, 0, "axa"]) {
      const res = await quote(["comprehensive_insurance"], { insurer_id, vehicle_value: 2_000_000 });
      expect(res.statusCode, String(insurer_id)).toBe(422);
    }
    const unknown = await quote(
      ["comprehensive_insurance"],
      { insurer_id: 999_999, vehicle_value: 2_000_000 },
      "fr",
    );
    expect(unknown.json().message).toBe("Choisissez l'un des assureurs proposés");
    const stray = await quote(["third_party_insurance"], { insurer_id: axa, vehicle_value: 2_000_000 });
    expect(stray.statusCode).toBe(422);
    expect(stray.json().message).toBe("An insurer and a vehicle value are only for comprehensive insurance");

    // An insurer staff withdrew is no longer offered nor priced.
    const off = await send(staff, "PUT", `/admin/vehicle-docs/insurers/${insurer["Cornerstone Insurance"]}`, {
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const withdrawn = await quote(["comprehensive_insurance"], {
      insurer_id: insurer["Cornerstone Insurance"],
      vehicle_value: 2_000_000,
    });
    expect(withdrawn.statusCode).toBe(422);
    const offered = (await send(driver, "GET", "/vehicle-docs/insurers")).json() as { name: string }[];
    expect(offered.map((i) => i.name)).not.toContain("Cornerstone Insurance");
    await send(staff, "PUT", `/admin/vehicle-docs/insurers/${insurer["Cornerstone Insurance"]}`, {
      active: true,
    });
  });
});

describe("staff maintain the insurers' rates", () => {
  it("changes a rate and a minimum premium, audited; the next quote uses them; drivers may not", async () => {
    const driver = await fundedUser(db, 0);
    const car = await vehicleOf(driver);
    const id = insurer["Leadway Assurance"]!;
    expect((await send(driver, "PUT", `/admin/vehicle-docs/insurers/${id}`, { rate: 1 })).statusCode).toBe(
      403,
    );
    expect((await send(driver, "GET", "/admin/vehicle-docs/insurers")).statusCode).toBe(403);
    for (const bad of [
      { rate: 0.4 },
      { rate: 21 },
      { rate: 4.125 },
      { minimum_premium: -1 },
      { active: "no" },
    ]) {
      const res = await send(staff, "PUT", `/admin/vehicle-docs/insurers/${id}`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await send(staff, "PUT", "/admin/vehicle-docs/insurers/999999", { rate: 4 })).statusCode).toBe(
      404,
    );

    const res = await send(staff, "PUT", `/admin/vehicle-docs/insurers/${id}`, {
      rate: 4.25,
      minimum_premium: 55_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, rate: 4.25, minimum_premium: 55_000, active: true });
    const [audit] = await queryRows<{ before: unknown; after: unknown }>(
      db,
      sql`SELECT before, after FROM audit_log WHERE action = 'vehicle_doc_insurer.update' AND entity_id = ${String(id)}`,
    );
    expect(audit).toMatchObject({
      before: { rate_bps: 500, minimum_premium_minor: 5_000_000, active: true },
      after: { rate_bps: 425, minimum_premium_minor: 5_500_000, active: true },
    });
    const all = (await send(staff, "GET", "/admin/vehicle-docs/insurers")).json() as {
      id: number;
      rate: number;
    }[];
    expect(all.find((i) => i.id === id)?.rate).toBe(4.25);

    // 4.25 % of ₦2,000,000 is ₦85,000.
    const q = await send(
      driver,
      "POST",
      "/vehicle-docs/quote",
      body(car, ["comprehensive_insurance"], { insurer_id: id, vehicle_value: 2_000_000 }),
    );
    expect(q.json().lines).toEqual([{ document_type: "comprehensive_insurance", fee: 85_000 }]);
  });
});
