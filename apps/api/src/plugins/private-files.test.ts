// A document upload as a feature's route reads it: one multipart file, checked by its bytes.
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_MAX_BYTES } from "../lib/private-files";
import { tinyImage, tinyPdf } from "../test/documents";
import { registerErrorHandler } from "./errors";
import { readDocumentUpload } from "./private-files";

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1 } });
  app.post("/documents", async (req) => {
    const { bytes, type } = await readDocumentUpload(req, "document");
    return { type, size: bytes.length };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

/** A multipart upload as a browser's FormData sends it, with the type the browser claims. */
async function upload(
  bytes: Uint8Array,
  filename: string,
  claimed = "application/octet-stream",
  language = "en",
) {
  const form = new FormData();
  form.append("document", new Blob([Buffer.from(bytes)], { type: claimed }), filename);
  const request = new Request("http://parkwell.test/", { method: "POST", body: form });
  return app.inject({
    method: "POST",
    url: "/documents",
    headers: { "content-type": request.headers.get("content-type")!, "accept-language": language },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe("readDocumentUpload", () => {
  it("takes a JPEG, PNG or PDF by its bytes, whatever its name and claimed type", async () => {
    const jpeg = await tinyImage("jpeg");
    expect((await upload(jpeg, "scan.pdf", "application/pdf")).json()).toEqual({
      type: "image/jpeg",
      size: jpeg.length,
    });
    expect((await upload(await tinyImage("png"), "id.jpg", "image/jpeg")).json()).toMatchObject({
      type: "image/png",
    });
    expect((await upload(tinyPdf(), "papers", "text/plain")).json()).toMatchObject({
      type: "application/pdf",
    });
  });

  it("refuses a renamed text file with 422, in the caller's language, naming the field", async () => {
    const res = await upload(Buffer.from("not really a scan"), "licence.pdf", "application/pdf", "fr");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "document_type_refused",
      fields: { document: "Envoyez un fichier JPEG, PNG ou PDF (une photo ou un scan du document)" },
    });
  });

  it("stops reading past 10 MB and answers 413", async () => {
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const res = await upload(big, "big.pdf", "application/pdf");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: "document_too_large",
      fields: { document: "The file is larger than 10 MB" },
    });
  });

  it("asks for a file when the request has none", async () => {
    const res = await app.inject({ method: "POST", url: "/documents", payload: { document: "x" } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ fields: { document: "Choose a file to upload" } });
  });
});
