import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness";
import { startSmtpPeer, type ReceivedMail } from "../../test/smtp-peer";

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let received: ReceivedMail[];
let ctx: TestContext;

beforeAll(async () => {
  peer = await startSmtpPeer();
  received = peer.received;
  ctx = await createTestContext({ SMTP_URL: peer.url, MAIL_FROM: "Parkwell <hello@parkwell.test>" });
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

describe("mail over SMTP", () => {
  it("delivers the verification e-mail with its link to the SMTP server", async () => {
    const email = `smtp.${Date.now()}@example.com`;
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email, password: "password123", first_name: "Kemi", last_name: "Ade", accept_terms: true },
    });
    expect(res.statusCode).toBe(201);
    // The mail goes out after the answer, by its job (a taken address must not answer later).
    expect(received.some((m) => m.to.includes(email))).toBe(false);
    await ctx.app.jobs.runDue(["mail"]);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("hello@parkwell.test");
    const text = mail!.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(text).toMatch(/Subject: Verify your Parkwell email address/);
    // The Message-ID comes from the job's delivery key: a message sent again is the same message.
    expect(text).toMatch(/Message-ID:\s*<account\.verify\.[\w-]+@parkwell\.test>/);
    const token = /http:\/\/parkwell\.test\/verify\?token=([\w-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    const verified = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/verify-email",
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
  });
});
