import multipart from "@fastify/multipart";
import {
  ErrorSchema,
  VehicleDocCodeParamsSchema,
  VehicleDocFileListQuerySchema,
  VehicleDocFilePageSchema,
  VehicleDocFileSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DOCUMENT_MAX_BYTES } from "../../lib/private-files";
import { requireUser, type Auth } from "../../plugins/auth";
import { readDocumentUpload } from "../../plugins/private-files";
import * as files from "./vehicle-docs-files.service";
import type { VehicleDocFileDeps } from "./vehicle-docs-files.service";

/**
 * A driver's files on their own renewal request (decision 032): uploads of the current papers and
 * a means of identification (multipart: a `label` field, then the `file`), and the list of the
 * request's files, the issued scans included, each with a signed link for the driver.
 */
export function vehicleDocFilesRoutes(deps: VehicleDocFileDeps, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1 } });
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    const tags = ["Vehicle documents"];
    const errors = { 401: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };

    app.get(
      "/vehicle-docs/requests/:code/files",
      {
        schema: {
          tags,
          operationId: "listVehicleDocFiles",
          summary:
            "The request's files (the driver's uploads and the issued scans), each with a 5-minute link",
          params: VehicleDocCodeParamsSchema,
          querystring: VehicleDocFileListQuerySchema,
          response: { 200: VehicleDocFilePageSchema, ...errors },
        },
      },
      async (req) => files.listOwnFiles(deps, requireUser(req).id, req.params.code, req.query),
    );

    app.post(
      "/vehicle-docs/requests/:code/files",
      {
        schema: {
          tags,
          operationId: "uploadVehicleDocFile",
          summary:
            "Upload a document (multipart: field label first, then field file): JPEG, PNG or PDF up to 10 MB; answers a question for more information",
          consumes: ["multipart/form-data"],
          params: VehicleDocCodeParamsSchema,
          response: {
            201: VehicleDocFileSchema,
            403: ErrorSchema,
            409: ErrorSchema,
            413: ErrorSchema,
            ...errors,
          },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        // Another driver's request is a 404 before its upload is even read.
        await files.requireOwnRequest(deps.db, user.id, req.params.code);
        const upload = await readDocumentUpload(req, "file");
        const file = await files.uploadOwn(deps, user.id, req.params.code, {
          ...upload,
          fields: upload.fields ?? {},
        });
        return reply.code(201).send(file);
      },
    );
  };
}
