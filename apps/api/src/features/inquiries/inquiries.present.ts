/** An inquiry as the back office reads it (pure). */
import { type Inquiry } from "@parkwell/contract";
import type * as repo from "./inquiries.repo";
import { iso } from "../../lib/iso";

export function presentInquiry(row: repo.InquiryRow): Inquiry {
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.answered_at ? "answered" : "new",
    created_at: iso(row.created_at),
    answered_at: row.answered_at ? iso(row.answered_at) : null,
    answered_by: row.answered_by
      ? { id: row.answered_by, name: row.answerer_name ?? "", email: row.answerer_email ?? "" }
      : null,
    topic: row.topic,
    company: row.company,
    country_code: row.country_code,
    interest: row.interest,
    spaces: row.spaces,
    city: row.city,
    address: row.address,
    site_kind: row.site_kind,
    has_chargers: row.has_chargers,
    connectors: row.connectors,
    power_kw: row.power_kw === null ? null : Number(row.power_kw),
    message: row.message,
    language: row.language,
  };
}
