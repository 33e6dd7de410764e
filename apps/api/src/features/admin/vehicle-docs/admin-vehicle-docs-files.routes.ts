import multipart from "@fastify/multipart";
import {
  ErrorSchema,
  VehicleDocCodeParamsSchema,
  VehicleDocFileListQuerySchema,
  VehicleDocFilePageSchema,
  VehicleDocFileSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DOCUMENT_MAX_BYTES } from "../../../lib/private-files";
import { auditActor, type AdminAccess } from "../../../plugins/admin-access";
import { readDocumentUpload } from "../../../plugins/private-files";
import * as files from "../../vehicle-docs/vehicle-docs-files.service";
import type { VehicleDocFileDeps } from "../../vehicle-docs/vehicle-docs-files.service";

/**
 * The back office's files of a renewal request (decision 032): the driver's uploads and the issued
 * scans with links for the staff member (vehicle_docs.view), and the upload of a scan of the
 * issued papers (vehicle_docs.update), which the driver then sees in their list.
 */
export function adminVehicleDocFilesRoutes(
  deps: VehicleDocFileDeps,
  admin: AdminAccess,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Back office: vehicle documents"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1 } });
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/vehicle-docs/requests/:code/files",
      {
        onRequest: admin.permit("vehicle_docs.view"),
        schema: {
          tags,
          operationId: "listAdminVehicleDocFiles",
          summary: "A request's files with 5-minute links for the staff member",
          params: VehicleDocCodeParamsSchema,
          querystring: VehicleDocFileListQuerySchema,
          response: { 200: VehicleDocFilePageSchema, ...err },
        },
      },
      async (req) => files.listFilesForStaff(deps, auditActor(req).userId, req.params.code, req.query),
    );

    app.post(
      "/admin/vehicle-docs/requests/:code/files",
      {
        onRequest: admin.permit("vehicle_docs.update"),
        schema: {
          tags,
          operationId: "uploadAdminVehicleDocScan",
          summary:
            "Upload a scan of the issued papers (multipart: field label first, then field file): JPEG, PNG or PDF up to 10 MB",
          consumes: ["multipart/form-data"],
          params: VehicleDocCodeParamsSchema,
          response: { 201: VehicleDocFileSchema, 409: ErrorSchema, 413: ErrorSchema, ...err },
        },
      },
      async (req, reply) => {
        const staffId = auditActor(req).userId;
        await files.requireRequest(deps.db, req.params.code);
        const upload = await readDocumentUpload(req, "file");
        const file = await files.uploadIssuedScan(deps, staffId, req.params.code, {
          ...upload,
          fields: upload.fields ?? {},
        });
        return reply.code(201).send(file);
      },
    );
  };
}
