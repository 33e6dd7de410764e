/**
 * The steps every back-office marketplace service takes: the country a body or a filter names (from
 * the served countries), and
 * the audit entry every change writes in its transaction. The marketplace is Parkwell's own shop:
 * its records belong to no operator (audit entries have no operator).
 */
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import { recordAudit, type AuditActor } from "../audit.repo";
import { changed } from "../parks/admin-parks.domain";
import { CHOOSE_COUNTRY_TEXT, type MarketCountry } from "./market-admin.domain";
import type { ServedCountries } from "../../reference/served-countries";

/** The country a body names, or the 422 on `field`; `via`: the caller's transaction, if any. */
export async function requireCountry(
  served: ServedCountries,
  via: Tx,
  code: string,
  field = "country_code",
): Promise<MarketCountry> {
  const country = await served.facts({ code }, via);
  if (!country) throw AppError.validation({ [field]: CHOOSE_COUNTRY_TEXT });
  return country;
}

/** A country a list filter names: unknown is simply no match (an empty page), as the other lists. */
export async function countryIdOf(
  served: ServedCountries,
  code: string | undefined,
): Promise<number | null | undefined> {
  if (!code) return undefined;
  const country = await served.facts({ code });
  return country ? country.id : null;
}

/** Writes the audit entry of a change: the whole record when created or removed, the changed fields otherwise. */
export async function audit(
  tx: Tx,
  actor: AuditActor,
  action: string,
  entity: string,
  entityId: string | number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  if (before && after) {
    const diff = changed(before, after);
    if (Object.keys(diff.after).length === 0) return;
    await recordAudit(tx, actor, { action, entity, entityId, operatorId: null, ...diff });
    return;
  }
  await recordAudit(tx, actor, {
    action,
    entity,
    entityId,
    operatorId: null,
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
  });
}
