import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeFirebase } from "../../test/firebase-keys";
import { firebaseVerifier } from "./firebase";

let fake: Awaited<ReturnType<typeof startFakeFirebase>>;
beforeAll(async () => {
  fake = await startFakeFirebase("proj-1");
});
afterAll(async () => fake?.close());

describe("Firebase ID token verifier", () => {
  it("returns the identity of a valid token, e-mail lower-cased", async () => {
    const verify = firebaseVerifier("proj-1", fake.url, () => new Date());
    const id = await verify(await fake.mint({ sub: "u1", email: "Ngozi@Gmail.com", name: "Ngozi" }));
    expect(id).toMatchObject({
      uid: "u1",
      email: "ngozi@gmail.com",
      emailVerified: true,
      signInProvider: "google.com",
    });
  });

  it("reads expiry against the injected clock", async () => {
    const token = await fake.mint({ sub: "u1" });
    const later = firebaseVerifier("proj-1", fake.url, () => new Date(Date.now() + 2 * 3600_000));
    await expect(later(token)).rejects.toThrow();
  });

  it("rejects another project's token, an over-long sub and a future auth_time", async () => {
    const verify = firebaseVerifier("proj-2", fake.url, () => new Date());
    await expect(verify(await fake.mint({ sub: "u1" }))).rejects.toThrow();
    const own = firebaseVerifier("proj-1", fake.url, () => new Date());
    await expect(own(await fake.mint({ sub: "x".repeat(129) }))).rejects.toThrow("bad sub");
    const future = Math.floor(Date.now() / 1000) + 600;
    await expect(own(await fake.mint({ sub: "u1", auth_time: future }))).rejects.toThrow(/future/);
  });
});
