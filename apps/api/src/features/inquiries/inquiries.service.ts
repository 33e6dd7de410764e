import { randomUUID } from "node:crypto";
import {
  countryCodeError,
  type ContactRequest,
  type DemoRequest,
  type EvHostRequest,
  type Inquiry,
  type InquiryKind,
  type InquiryReceipt,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { MailMessage } from "../../lib/mailer";
import { servedCountries } from "../reference/served-countries";
import { makeReference } from "./inquiries.domain";
import { inquiryMail } from "./inquiries.mail";
import * as repo from "./inquiries.repo";
import { offsetOf, listPage } from "../../lib/pagination";
import { presentInquiry } from "./inquiries.present";

export interface InquiryDeps {
  db: Db;
  jobs: Jobs;
  /** The team's address each submission is mailed to (INQUIRIES_TO); unset: no mail. */
  inquiriesTo?: string | undefined;
}

export const INQUIRY_NOT_FOUND = "Inquiry not found";

function receipt(saved: { id: string; reference: string; createdAt: Date }): InquiryReceipt {
  return { id: saved.id, reference: saved.reference, received_at: saved.createdAt.toISOString() };
}

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** A Contact Us message, demo request or charger host's site, to the team's address (INQUIRIES_TO). */
    inquiry: { kind: InquiryKind; inquiryId: string };
  }
}

/** Queues the team's copy of a submission in the insert's transaction (none without an address). */
async function queueTeamMail(d: InquiryDeps, tx: Tx, kind: InquiryKind, inquiryId: string) {
  if (!d.inquiriesTo) return;
  await d.jobs.send(tx, "mail", {
    key: `inquiry:${kind}:${inquiryId}:${randomUUID()}`,
    type: "inquiry",
    kind,
    inquiryId,
  });
}

/** Stores a Contact Us message for the support team, and mails it to the team's address. */
export async function submitContact(d: InquiryDeps, input: ContactRequest): Promise<InquiryReceipt> {
  const saved = await d.db.transaction(async (tx) => {
    const row = await repo.insertContactMessage(tx, {
      reference: makeReference("HLP"),
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone ?? null,
      topic: input.topic,
      message: input.message,
      language: input.language ?? null,
    });
    await queueTeamMail(d, tx, "contact", row.id);
    return row;
  });
  return receipt(saved);
}

/** Stores a demo request from a business or car park operator, and mails it to the team's address. */
/** The contract checks a country code's shape (two capital letters); the served countries decide the rest. */
async function assertServed(db: Db, code: string): Promise<void> {
  const served = servedCountries(db);
  if (!(await served.byCode(code))) {
    const codes = (await served.list()).map((c) => c.code);
    throw AppError.validation({ country_code: countryCodeError(codes) });
  }
}

export async function submitDemoRequest(d: InquiryDeps, input: DemoRequest): Promise<InquiryReceipt> {
  await assertServed(d.db, input.country_code);
  const saved = await d.db.transaction(async (tx) => {
    const row = await repo.insertDemoRequest(tx, {
      reference: makeReference("DEM"),
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone ?? null,
      company: input.company,
      countryCode: input.country_code,
      interest: input.interest,
      spaces: input.spaces ?? null,
      message: input.message ?? null,
      language: input.language ?? null,
    });
    await queueTeamMail(d, tx, "demo", row.id);
    return row;
  });
  return receipt(saved);
}

/** Stores a charger owner's site (/rent-out-ev-charger), and mails it to the team's address. */
export async function submitEvHostRequest(d: InquiryDeps, input: EvHostRequest): Promise<InquiryReceipt> {
  await assertServed(d.db, input.country_code);
  const saved = await d.db.transaction(async (tx) => {
    const row = await repo.insertEvHostRequest(tx, {
      reference: makeReference("EVH"),
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone ?? null,
      countryCode: input.country_code,
      city: input.city,
      address: input.address,
      siteKind: input.site_kind,
      spaces: input.spaces,
      hasChargers: input.has_chargers,
      connectors: input.has_chargers ? (input.connectors ?? []) : [],
      powerKw: input.has_chargers && input.power_kw !== undefined ? input.power_kw.toFixed(1) : null,
      message: input.message ?? null,
      language: input.language ?? null,
    });
    await queueTeamMail(d, tx, "ev_host", row.id);
    return row;
  });
  return receipt(saved);
}

export async function listInquiries(
  db: Db,
  filter: repo.InquiryFilter,
  page: { page: number; size: number },
) {
  const { rows, total } = await repo.listInquiries(db, filter, {
    limit: page.size,
    offset: offsetOf(page),
  });
  return listPage(rows.map(presentInquiry), total, page);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getInquiry(db: Tx, kind: InquiryKind, id: string): Promise<Inquiry> {
  const row = UUID.test(id) ? await repo.findInquiry(db, kind, id) : undefined;
  if (!row) throw new AppError(404, "not_found", INQUIRY_NOT_FOUND);
  return presentInquiry(row);
}

/**
 * Marks an inquiry answered (by `userId`, now) or new again, in the caller's transaction (the
 * back office audits it there). Answers the inquiry before and after.
 */
export async function setInquiryStatus(
  tx: Tx,
  kind: InquiryKind,
  id: string,
  answered: { at: Date; by: string } | null,
): Promise<{ before: Inquiry; after: Inquiry }> {
  const before = await getInquiry(tx, kind, id);
  const wanted = answered ? "answered" : "new";
  if (before.status !== wanted) await repo.setAnswered(tx, kind, id, answered);
  return { before, after: await getInquiry(tx, kind, id) };
}

/** The team's copy of a submission, composed when the mail job runs; null without an address. */
export async function composeInquiryMail(
  d: { db: Db; publicUrl: string; inquiriesTo?: string | undefined },
  kind: InquiryKind,
  id: string,
): Promise<MailMessage | null> {
  if (!d.inquiriesTo) return null;
  const row = await repo.findInquiry(d.db, kind, id);
  if (!row) return null;
  return inquiryMail(d.inquiriesTo, presentInquiry(row), `${d.publicUrl}/admin/inquiries/${kind}/${id}`);
}
