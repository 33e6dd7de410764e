import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness";

/** A real SMTP peer on a free port: what it receives is what a mail provider would. */
const received: { from: string; to: string[]; raw: string }[] = [];
let server: SMTPServer;
let ctx: TestContext;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  ctx = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: "Parkwell <hello@parkwell.test>",
  });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
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
