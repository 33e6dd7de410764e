import path from "node:path";
import { ErrorSchema, type Permission } from "@parkwell/contract";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config";
import { AppError } from "../lib/app-error";
import type { AuthUser } from "../lib/auth-user";
import type { Clock } from "../lib/clock";
import {
  checkDocument,
  DOCUMENT_ACTIVE_CONTENT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MISSING,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TRAILING_DATA,
  DOCUMENT_TYPE_REFUSED,
  localPrivateFileStorage,
  ownerAudience,
  s3PrivateFileStorage,
  storedDocumentType,
  staffAudience,
  verifyFileLink,
  type DocumentType,
  type PrivateFileStorage,
} from "../lib/private-files";
import { can, type StaffAccess } from "../lib/staff-access";
import { requireUser, type Auth } from "./auth";

/**
 * Where personal documents are kept: the private bucket when S3_PRIVATE_BUCKET is set (on the
 * public storage's S3 endpoint, region and credentials), else DATA_DIR/private, a folder beside
 * DATA_DIR/uploads that no route serves.
 */
export function privateFileStorageOf(config: Config, log?: FastifyBaseLogger): PrivateFileStorage {
  if (!config.S3_PRIVATE_BUCKET) {
    if (config.S3_BUCKET) {
      log?.warn(
        "S3_PRIVATE_BUCKET is unset: personal documents are kept in DATA_DIR/private, which every API process must share",
      );
    }
    return localPrivateFileStorage(path.join(config.DATA_DIR, "private"));
  }
  return s3PrivateFileStorage({
    bucket: config.S3_PRIVATE_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

export const FILE_LINK_NOT_FOUND =
  "This file link is invalid or has expired. Please open the document again.";

export interface PrivateFileRouteDeps {
  /**
   * A user's back-office access (or the 403 when they have none): a staff link's permission is read
   * again with it each time the link is used (features/admin, given by the app).
   */
  loadAccess(user: AuthUser): Promise<StaffAccess>;
  storage: PrivateFileStorage;
  /** The links' signing secret (QR_SIGNING_SECRET, from which a key of their own is derived). */
  secret: string;
  clock: Clock;
}

const notFound = () => AppError.notFound(FILE_LINK_NOT_FOUND, "file_not_found");

const FILE_TYPES: DocumentType[] = ["image/jpeg", "image/png", "application/pdf"];

/**
 * GET /api/v1/files?token=...: the file a signed link names, to the caller it was issued to
 * (bearer), before it expires. A bad, expired or tampered link, another caller's link, and a
 * file since removed are the same 404: nothing tells whether the file exists. A staff link serves
 * only while its holder still has the permission it was issued under: withdrawn, the link is the
 * same 404 at once, not when it expires.
 */
export function privateFilesRoutes(deps: PrivateFileRouteDeps, auth: Auth): FastifyPluginAsyncZod {
  const { loadAccess, storage, secret, clock } = deps;
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "private, no-store");
    });
    app.get(
      "/files",
      {
        schema: {
          tags: ["Files"],
          operationId: "getPrivateFile",
          summary:
            "A personal document through the short-lived signed link an answer gave (JPEG, PNG or PDF, as an attachment)",
          querystring: z.object({ token: z.string().min(1).max(4096) }),
          response: {
            200: {
              description: "The file's bytes, with the type read from them",
              content: Object.fromEntries(
                FILE_TYPES.map((t) => [t, { schema: z.string().meta({ format: "binary" }) }]),
              ),
            },
            401: ErrorSchema,
            404: ErrorSchema,
            422: ErrorSchema,
          },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const claims = verifyFileLink(
          req.query.token,
          [ownerAudience(user.id), staffAudience(user.id)],
          clock(),
          secret,
        );
        if (!claims) throw notFound();
        if (claims.permission && !(await stillPermitted(loadAccess, user, claims.permission)))
          throw notFound();
        const file = await storage.get(claims.key);
        // Served as what its bytes are (their signature; the whole file was read when stored):
        // never a type a stored name or header claims.
        const type = file && storedDocumentType(file.body);
        if (!file || !type) throw notFound();
        const name = claims.filename ?? claims.key.slice(claims.key.lastIndexOf("/") + 1);
        return (
          reply
            .header("content-type", type)
            .header("content-disposition", `attachment; filename="${name}"`)
            .header("x-content-type-options", "nosniff")
            .header("cross-origin-resource-policy", "same-origin")
            // The typed reply knows the zod schema of the 200, a string: the body is the file's bytes.
            .send(file.body as unknown as string)
        );
      },
    );
  };
}

/** Whether the user holds the permission now (a user with no back-office role at all does not). */
async function stillPermitted(
  loadAccess: PrivateFileRouteDeps["loadAccess"],
  user: AuthUser,
  permission: Permission,
): Promise<boolean> {
  try {
    return can(await loadAccess(user), permission);
  } catch (err) {
    if (err instanceof AppError && err.status === 403) return false;
    throw err;
  }
}

/** A document a driver or staff member sent, read from a multipart upload and checked by its bytes. */
export interface DocumentUpload {
  bytes: Buffer;
  type: DocumentType;
  /** The form's text fields sent before the file (a label, say): absent when none were. */
  fields?: Record<string, string>;
}

/**
 * Reads the one file of a multipart upload (the scope registers @fastify/multipart), never more
 * than DOCUMENT_MAX_BYTES: past the limit the parser stops reading and the upload is a 413; a
 * file that is not a JPEG, PNG or PDF by its bytes is a 422 naming `field` (`document_type_refused`;
 * `document_active_content` for a PDF with scripts or automatic actions, `document_trailing_data`
 * for an image with data after its end). Nothing is stored.
 */
export async function readDocumentUpload(req: FastifyRequest, field = "file"): Promise<DocumentUpload> {
  if (!req.isMultipart()) throw AppError.validation({ [field]: DOCUMENT_MISSING });
  const part = await req.file({
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 6 },
    throwFileSizeLimit: false,
  });
  if (!part) throw AppError.validation({ [field]: DOCUMENT_MISSING });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > DOCUMENT_MAX_BYTES) break;
    chunks.push(chunk);
  }
  if (part.file.truncated || size > DOCUMENT_MAX_BYTES) {
    part.file.resume();
    throw new AppError(413, "document_too_large", DOCUMENT_TOO_LARGE, { [field]: DOCUMENT_TOO_LARGE });
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    if (value && !Array.isArray(value) && value.type === "field") fields[name] = String(value.value);
  }
  return { ...documentOrRefusal(Buffer.concat(chunks), field), fields };
}

/** Each refusal of a document's bytes past the first two: its status, code and message. */
const REFUSALS = {
  active_content: [422, "document_active_content", DOCUMENT_ACTIVE_CONTENT],
  trailing_data: [422, "document_trailing_data", DOCUMENT_TRAILING_DATA],
  not_a_document: [422, "document_type_refused", DOCUMENT_TYPE_REFUSED],
  too_large: [413, "document_too_large", DOCUMENT_TOO_LARGE],
} as const;

/** The document's type by its bytes, or the refusal a client reads (422, or 413 past 10 MB). */
export function documentOrRefusal(bytes: Buffer, field = "file"): DocumentUpload {
  const check = checkDocument(bytes);
  if (check.ok) return { bytes, type: check.type };
  if (check.reason === "empty") throw AppError.validation({ [field]: DOCUMENT_MISSING });
  const [status, code, message] = REFUSALS[check.reason];
  throw new AppError(status, code, message, { [field]: message });
}
