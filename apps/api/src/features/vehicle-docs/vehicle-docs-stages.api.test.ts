// Vehicle document renewal (decision 031): every stage move the table allows and every one it
// refuses, the e-mail of each stage, the papers' new expiry dates on delivery, the pickup park.
import { VEHICLE_DOC_STAGES, VEHICLE_DOC_TRANSITIONS, type VehicleDocStage } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { createUser, type TestUser } from "../../test/factories";
import { fund, fundedUser } from "../bookings/bookings.test-kit";
import { vehicleDocsKit } from "./vehicle-docs.test-kit";
import { createAddress } from "../marketplace/marketplace.test-kit";
import { composeVehicleDocMail } from "./vehicle-docs.mail";
import { servedCountries } from "../reference/served-countries";

const kit = vehicleDocsKit();
const { vehicleOf, post, get, pickup, placed, mailedStages, moveTo, daysAhead, expiriesFor, stageOf } = kit;
let db: Db;
let staff: TestUser;
let park: number;
beforeAll(() => {
  ({ db, staff, park } = kit.suite);
});

describe("stages", () => {
  it("more information needed: the question, the driver's answer, and back to be checked", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const code = await placed(driver, await vehicleOf(driver));
    const ask = await post(staff, `/admin/vehicle-docs/requests/${code}/question`, {
      question: "Please send a clearer photo of the current licence",
    });
    expect(ask.statusCode, ask.body).toBe(200);
    expect(ask.json()).toMatchObject({ stage: "info_needed", question: expect.stringContaining("clearer") });
    const answer = await post(driver, `/vehicle-docs/requests/${code}/answer`, { answer: "Sent by e-mail" });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ stage: "submitted", answer: "Sent by e-mail" });
    // Answering again, when nothing is asked, is refused.
    expect(
      (await post(driver, `/vehicle-docs/requests/${code}/answer`, { answer: "again" })).statusCode,
    ).toBe(409);
    // "Your document request … is received" is mailed once: at submission, not again after the answer.
    expect(await mailedStages(code)).toEqual(["submitted", "info_needed"]);
  });

  it("every (from, to) pair: the table's staff moves succeed, every other is 409 and changes nothing", async () => {
    const driver = await fundedUser(db, 1_000_000_000);
    const v = await vehicleOf(driver);
    const address = await createAddress(db, driver.id);
    for (const kind of ["pickup", "delivery"] as const) {
      for (const from of VEHICLE_DOC_STAGES) {
        for (const to of VEHICLE_DOC_STAGES) {
          const code = await placed(
            driver,
            v,
            ["proof_of_ownership"],
            kind === "pickup" ? pickup() : { address_id: address.id },
          );
          await db.execute(sql`UPDATE vehicle_doc_requests SET stage = ${from} WHERE code = ${code}`);
          const allowed = VEHICLE_DOC_TRANSITIONS.some(
            (t) =>
              t.from === from &&
              t.to === to &&
              t.by.includes("staff") &&
              (t.delivery === undefined || t.delivery === kind),
          );
          const res =
            to === "info_needed"
              ? await post(staff, `/admin/vehicle-docs/requests/${code}/question`, {
                  question: "Which year?",
                })
              : await post(staff, `/admin/vehicle-docs/requests/${code}/stage`, {
                  to,
                  ...(to === "delivered"
                    ? { expiries: [{ document_type: "proof_of_ownership", expires_on: daysAhead(365) }] }
                    : {}),
                });
          expect(res.statusCode, `${kind} ${from} -> ${to}: ${res.body}`).toBe(allowed ? 200 : 409);
          expect(await stageOf(code)).toBe(allowed ? to : from);
        }
      }
    }
  }, 240_000);

  it("a driver may only cancel or answer; staff stage moves are refused to drivers", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const code = await placed(driver, await vehicleOf(driver));
    const res = await post(driver, `/admin/vehicle-docs/requests/${code}/stage`, { to: "documents_checked" });
    expect(res.statusCode).toBe(403);
    expect(await stageOf(code)).toBe("submitted");
  });

  it("records the issued papers' expiry dates on the vehicle, and e-mails each stage in the driver's language", async () => {
    const driver = await createUser(db, { language: "fr" });
    await fund(db, driver.id, 100_000_000);
    const v = await vehicleOf(driver);
    const code = await placed(driver, v);
    // A year from the test's clock (Nigeria's day), and four days earlier for the insurance.
    const licenceDay = daysAhead(365);
    const insuranceDay = daysAhead(361);
    const early = await post(staff, `/admin/vehicle-docs/requests/${code}/expiries`, {
      expiries: [{ document_type: "vehicle_licence", expires_on: licenceDay }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("not_issued");
    await moveTo(code, "delivered");
    const wrong = await post(staff, `/admin/vehicle-docs/requests/${code}/expiries`, {
      expiries: [{ document_type: "hackney_permit", expires_on: licenceDay }],
    });
    expect(wrong.statusCode).toBe(422);
    const rec = await post(staff, `/admin/vehicle-docs/requests/${code}/expiries`, {
      expiries: [
        { document_type: "vehicle_licence", expires_on: licenceDay },
        { document_type: "third_party_insurance", expires_on: insuranceDay },
      ],
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json().expiries).toEqual([
      { document_type: "vehicle_licence", expires_on: licenceDay },
      { document_type: "third_party_insurance", expires_on: insuranceDay },
    ]);
    const rows = await queryRows<{ vehicle_id: number; source: string }>(
      db,
      sql`SELECT vehicle_id, source FROM vehicle_document_expiries WHERE user_id = ${driver.id}`,
    );
    expect(rows).toEqual([
      { vehicle_id: v, source: "request" },
      { vehicle_id: v, source: "request" },
    ]);
    const view = await get(driver, `/vehicle-docs/requests/${code}`);
    expect(view.json().timeline.map((e: { stage: string }) => e.stage)).toEqual([
      "submitted",
      "documents_checked",
      "at_office",
      "ready",
      "ready_for_pickup",
      "delivered",
    ]);
    expect(view.json().completed_at).not.toBeNull();
    const [job] = await queryRows<{ data: { requestId: string } }>(
      db,
      sql`SELECT data FROM pgboss.job WHERE name = 'mail' AND data->>'type' = 'vehicle_docs' AND data->>'stage' = 'at_office'
            AND data->>'requestId' = (SELECT id::text FROM vehicle_doc_requests WHERE code = ${code})`,
    );
    const mail = await composeVehicleDocMail(
      { db, countries: servedCountries(db), publicUrl: "http://parkwell.test" },
      { key: "k", type: "vehicle_docs", requestId: job!.data.requestId, stage: "at_office", refundMinor: 0 },
    );
    expect(mail?.subject).toBe(`Votre demande ${code} est au bureau des licences`);
  });
});

describe("delivered needs the papers' new expiry dates", () => {
  it("refuses Delivered without an expiry for every document (422, in French too) and changes nothing; with them, records each date in the move", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const v = await vehicleOf(driver);
    const code = await placed(driver, v);
    await moveTo(code, "ready_for_pickup");
    const stageUrl = `/admin/vehicle-docs/requests/${code}/stage`;
    const expiryRows = () =>
      queryRows<{ document_type: string; expires_on: string }>(
        db,
        sql`SELECT document_type, expires_on::text AS expires_on FROM vehicle_document_expiries
              WHERE vehicle_id = ${v} ORDER BY document_type`,
      );

    for (const body of [
      { to: "delivered" },
      { to: "delivered", expiries: [{ document_type: "vehicle_licence", expires_on: daysAhead(365) }] },
    ]) {
      const refused = await post(staff, stageUrl, body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        code: "expiries_required",
        message: "Give the new expiry date of every document before marking the request delivered",
        fields: { expiries: expect.any(String) },
      });
    }
    const french = await post(staff, stageUrl, { to: "delivered" }, { "accept-language": "fr" });
    expect(french.statusCode).toBe(422);
    expect(french.json().message).toBe(
      "Indiquez la nouvelle date d'expiration de chaque document avant de marquer la demande livrée",
    );
    // A document the request did not renew is refused too, and nothing is written.
    const other = await post(staff, stageUrl, {
      to: "delivered",
      expiries: [
        ...(await expiriesFor(code, 365)),
        { document_type: "hackney_permit", expires_on: daysAhead(365) },
      ],
    });
    expect(other.statusCode, other.body).toBe(422);
    expect(await stageOf(code)).toBe("ready_for_pickup");
    expect(await expiryRows()).toEqual([]);

    const delivered = await post(staff, stageUrl, {
      to: "delivered",
      expiries: [
        { document_type: "vehicle_licence", expires_on: daysAhead(365) },
        { document_type: "third_party_insurance", expires_on: daysAhead(360) },
      ],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ stage: "delivered" });
    expect(await expiryRows()).toEqual([
      { document_type: "third_party_insurance", expires_on: daysAhead(360) },
      { document_type: "vehicle_licence", expires_on: daysAhead(365) },
    ]);
  });

  it("takes the dates this request recorded already: only the missing ones are asked", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const code = await placed(driver, await vehicleOf(driver));
    await moveTo(code, "ready");
    const rec = await post(staff, `/admin/vehicle-docs/requests/${code}/expiries`, {
      expiries: [{ document_type: "vehicle_licence", expires_on: daysAhead(365) }],
    });
    expect(rec.statusCode, rec.body).toBe(200);
    const stageUrl = `/admin/vehicle-docs/requests/${code}/stage`;
    expect((await post(staff, stageUrl, { to: "ready_for_pickup" })).statusCode).toBe(200);
    expect((await post(staff, stageUrl, { to: "delivered" })).statusCode).toBe(422);
    const res = await post(staff, stageUrl, {
      to: "delivered",
      expiries: [{ document_type: "third_party_insurance", expires_on: daysAhead(365) }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("the pickup park", () => {
  it("is named with its address and opening hours on the request, in the ready e-mail and on the receipt", async () => {
    const hours = [
      ...Array(5).fill({ open: "07:00", close: "19:00" }),
      { open: "08:00", close: "14:00" },
      null,
    ];
    const [was] = await queryRows<{ open_24h: boolean; opening_hours: unknown }>(
      db,
      sql`SELECT open_24h, opening_hours FROM parks WHERE id = ${park}`,
    );
    await db.execute(
      sql`UPDATE parks SET open_24h = false, opening_hours = ${JSON.stringify(hours)}::jsonb WHERE id = ${park}`,
    );
    const [where] = await queryRows<{ name: string; address: string }>(
      db,
      sql`SELECT name, address FROM parks WHERE id = ${park}`,
    );
    const driver = await createUser(db, { language: "fr" });
    await fund(db, driver.id, 100_000_000);
    const code = await placed(driver, await vehicleOf(driver));
    const view = await get(driver, `/vehicle-docs/requests/${code}`, "fr");
    expect(view.json().pickup_park).toMatchObject({
      id: park,
      name: where!.name,
      address: where!.address,
      open_24h: false,
      opening_hours: hours,
    });
    const listed = await get(driver, "/vehicle-docs/requests", "fr");
    expect(listed.json().items[0].pickup_park).toMatchObject({ id: park, name: where!.name });

    await moveTo(code, "ready_for_pickup");
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM vehicle_doc_requests WHERE code = ${code}`,
    );
    const mailOf = (stage: VehicleDocStage) =>
      composeVehicleDocMail(
        { db, countries: servedCountries(db), publicUrl: "http://parkwell.test" },
        { key: "k", type: "vehicle_docs", requestId: row!.id, stage, refundMinor: 0 },
      );
    const ready = await mailOf("ready_for_pickup");
    expect(ready?.text).toContain(
      `Vos documents vous attendent à ${where!.name}, ${where!.address}. Horaires (heure locale)\u00a0: en semaine 07:00-19:00 et sam. 08:00-14:00.`,
    );
    expect(ready?.html).toContain(where!.name);
    await db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${driver.id}`);
    expect((await mailOf("ready_for_pickup"))?.text).toContain(
      `Your papers are waiting for you at ${where!.name}, ${where!.address}. Opening hours (local time): weekdays 07:00-19:00 and Sat 08:00-14:00.`,
    );

    const receipts = await get(driver, `/receipts?reference=${code}`, "fr");
    const number = receipts.json().items.find((r: { kind: string }) => r.kind === "vehicle_docs")
      .number as string;
    const shown = await get(driver, `/receipts/${number}`, "fr");
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().lines).toContainEqual(
      expect.objectContaining({
        kind: "pickup",
        label: "Retrait",
        subject: where!.name,
        detail: `${where!.address} · en semaine 07:00-19:00 et sam. 08:00-14:00`,
        amount: null, // a line that sells nothing
      }),
    );
    await db.execute(
      sql`UPDATE parks SET open_24h = ${was!.open_24h}, opening_hours = ${JSON.stringify(was!.opening_hours)}::jsonb WHERE id = ${park}`,
    );
  });
});
