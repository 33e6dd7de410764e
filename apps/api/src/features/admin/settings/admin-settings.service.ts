/**
 * The back office's Settings: Parkwell's social links per country (docs/PRODUCT-RULES.md#social-links),
 * changed and audited in one transaction. Parkwell's own settings: an operator's staff cannot change
 * them whatever their role's permissions say.
 */
import {
  COUNTRY_CODE_PATTERN,
  SOCIAL_LINKS_DEFAULT,
  type AdminSocialLinks,
  type SocialLinkSet,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { SETTINGS_ARE_PARKWELL } from "../../../lib/messages/settings";
import type { ServedCountries } from "../../reference/served-countries";
import { linkRows, ownLinks, setOwnLinksInTx } from "../../social-links/social-links.service";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";

/** DEFAULT, then every served country in display order, each with the links of its own. */
export async function listSocialLinks(db: Db, countries: ServedCountries): Promise<AdminSocialLinks> {
  const [rows, served] = await Promise.all([linkRows(db), countries.list()]);
  const byCode = new Map(rows.map((r) => [r.countryCode, r]));
  const item = (code: string, name: string | null) => {
    const row = byCode.get(code);
    return {
      country_code: code,
      country_name: name,
      ...ownLinks(row),
      updated_at: row?.updatedAt.toISOString() ?? null,
      updated_by: row?.updatedBy && row.updatedByName ? { id: row.updatedBy, name: row.updatedByName } : null,
    };
  };
  return {
    items: [item(SOCIAL_LINKS_DEFAULT, null), ...served.map((c) => item(c.code, c.name))],
  };
}

/** Sets a row's own links (null: none of its own, the country inherits DEFAULT's). */
export async function setSocialLinks(
  deps: { db: Db; clock: Clock; countries: ServedCountries },
  staff: StaffAccess,
  actor: AuditActor,
  countryCode: string,
  links: SocialLinkSet,
): Promise<AdminSocialLinks> {
  const { db, clock, countries } = deps;
  if (staff.operator !== null) throw new AppError(403, "forbidden", SETTINGS_ARE_PARKWELL);
  // The code exactly as a row writes it: "ng" is not NG's row.
  const known =
    countryCode === SOCIAL_LINKS_DEFAULT ||
    (COUNTRY_CODE_PATTERN.test(countryCode) && (await countries.byCode(countryCode))?.code === countryCode);
  if (!known) {
    const codes = [SOCIAL_LINKS_DEFAULT, ...(await countries.list()).map((c) => c.code)];
    throw AppError.validation({ country_code: `country_code must be one of ${codes.join(", ")}` });
  }
  await db.transaction(async (tx) => {
    const before = await setOwnLinksInTx(tx, countryCode, links, { at: clock(), by: actor.userId });
    await recordAudit(tx, actor, {
      action: "social_links.update",
      entity: "social_links",
      entityId: countryCode,
      operatorId: null,
      before,
      after: links,
    });
  });
  return listSocialLinks(db, countries);
}
