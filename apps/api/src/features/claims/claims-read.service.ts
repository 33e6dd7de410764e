/**
 * Reading claims (decision 057): the driver's own, the staff queue in scope, and the photo: kept
 * in the private storage as vehicle documents are (decision 032), checked by its bytes, served only
 * through a five-minute link bound to its caller (the driver, or staff holding claims.view).
 */
import {
  CLAIM_CONFIRMABLE,
  CLAIM_REASONS,
  type AdminClaim,
  type AdminClaimsQuery,
  type Claim,
} from "@parkwell/contract";
import { AppError } from "../../lib/app-error";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import {
  issueFileLink,
  newPrivateFileKey,
  ownerAudience,
  staffAudience,
  type DocumentType,
} from "../../lib/private-files";
import { servedCountries } from "../reference/served-countries";
import { gateSince } from "./claims.domain";
import { presentAdminClaim, presentClaim } from "./claims.present";
import * as repo from "./claims.repo";
import type { ClaimView } from "./claims.repo";
import { claimNotFound, type ClaimDeps } from "./claims.service";

export const PHOTO_EXISTS = "This claim already has its photo";
export const PHOTO_CLOSED = "This claim has been decided: no photo can be added to it";

async function decimalsOf(deps: Pick<ClaimDeps, "db">, currency: string): Promise<number> {
  return servedCountries(deps.db).currencyDecimals(currency.trim());
}

const photoName = (v: ClaimView) => `${v.row.code}-photo`;

function driverPhoto(deps: Pick<ClaimDeps, "clock" | "secret">, v: ClaimView) {
  return v.row.photoKey
    ? issueFileLink(v.row.photoKey, ownerAudience(v.row.userId), deps.clock(), deps.secret, photoName(v))
    : null;
}

function staffPhoto(deps: Pick<ClaimDeps, "clock" | "secret">, v: ClaimView, staffId: string) {
  return v.row.photoKey
    ? issueFileLink(
        v.row.photoKey,
        staffAudience(staffId),
        deps.clock(),
        deps.secret,
        photoName(v),
        "claims.view",
      )
    : null;
}

async function asDriverSees(deps: ClaimDeps, v: ClaimView): Promise<Claim> {
  return presentClaim(v, await decimalsOf(deps, v.row.currency), driverPhoto(deps, v));
}

/** The driver's claim; another driver's is the same 404 as one that does not exist. */
export async function getOwn(deps: ClaimDeps, userId: string, id: number): Promise<Claim> {
  const v = await repo.claimView(deps.db, id, userId);
  if (!v) throw claimNotFound();
  return asDriverSees(deps, v);
}

export async function listOwn(
  deps: ClaimDeps,
  userId: string,
  q: PageQuery & { booking_id?: string | undefined; pass_id?: string | undefined },
) {
  const { rows, total } = await repo.ownClaims(
    deps.db,
    userId,
    { limit: q.size, offset: offsetOf(q) },
    { bookingRef: q.booking_id, passRef: q.pass_id },
  );
  const items: Claim[] = [];
  for (const v of rows) items.push(await asDriverSees(deps, v));
  return listPage(items, total, q);
}

/**
 * The driver adds the claim's photo (one, while the claim is open): stored first, then recorded
 * under the claim's row lock; a refused record removes the stored file again.
 */
export async function addPhoto(
  deps: ClaimDeps,
  userId: string,
  id: number,
  upload: { bytes: Buffer; type: DocumentType },
): Promise<Claim> {
  const seen = await repo.claimView(deps.db, id, userId);
  if (!seen) throw claimNotFound();
  if (seen.row.status !== "open") throw new AppError(409, "claim_photo_exists", PHOTO_CLOSED);
  if (seen.row.photoKey) throw new AppError(409, "claim_photo_exists", PHOTO_EXISTS);
  const key = newPrivateFileKey(`claims/${id}`, upload.type);
  await deps.storage.put(key, upload.bytes, upload.type);
  try {
    await deps.db.transaction(async (tx) => {
      const c = await repo.lockClaim(tx, id);
      if (!c || c.userId !== userId) throw claimNotFound();
      if (c.status !== "open") throw new AppError(409, "claim_photo_exists", PHOTO_CLOSED);
      if (c.photoKey) throw new AppError(409, "claim_photo_exists", PHOTO_EXISTS);
      await repo.updateClaim(tx, id, { photoKey: key });
    });
  } catch (err) {
    await deps.storage.remove(key);
    throw err;
  }
  return getOwn(deps, userId, id);
}

// ------------------------------------------------------------------------------- staff

/** A claim at one of the staff member's parks (null: every park); another park's is a 404. */
export async function claimInScope(
  deps: ClaimDeps,
  parkIds: number[] | null,
  id: number,
): Promise<ClaimView> {
  const v = await repo.claimView(deps.db, id);
  if (!v || (parkIds !== null && !parkIds.includes(v.row.parkId))) throw claimNotFound();
  return v;
}

export async function staffClaim(
  deps: ClaimDeps,
  staff: { userId: string; parkIds: number[] | null },
  id: number,
): Promise<AdminClaim> {
  const v = await claimInScope(deps, staff.parkIds, id);
  return presentAdminClaim(
    v,
    await decimalsOf(deps, v.row.currency),
    staffPhoto(deps, v, staff.userId),
    deps.clock(),
  );
}

export async function staffQueue(
  deps: ClaimDeps,
  staff: { userId: string; parkIds: number[] | null },
  q: AdminClaimsQuery,
) {
  const now = deps.clock();
  const { rows, total } = await repo.queue(
    deps.db,
    {
      parkIds: staff.parkIds,
      status: q.status,
      reason: q.reason,
      overdue: q.overdue === undefined ? undefined : q.overdue === "true",
      parkId: q.park_id,
      now,
    },
    { limit: q.size, offset: offsetOf(q) },
  );
  const items: AdminClaim[] = [];
  for (const v of rows) {
    items.push(
      presentAdminClaim(v, await decimalsOf(deps, v.row.currency), staffPhoto(deps, v, staff.userId), now),
    );
  }
  return listPage(items, total, q);
}

/**
 * The gate's list: the open claims of the reasons an attendant may confirm (CLAIM_CONFIRMABLE)
 * filed within GATE_CLAIM_HOURS at the attendant's parks (or `parkId`), the newest first.
 */
export function gateQueue(
  deps: Pick<ClaimDeps, "db" | "clock">,
  parkIds: number[] | null,
  parkId: number | undefined,
  limit: number,
): Promise<repo.GateClaimRow[]> {
  return repo.gateClaims(deps.db, {
    parkIds,
    parkId,
    reasons: CLAIM_REASONS.filter((r) => CLAIM_CONFIRMABLE[r]),
    since: gateSince(deps.clock()),
    limit,
  });
}
