import {
  countryCodeError,
  type ContactRequest,
  type DemoRequest,
  type InquiryReceipt,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { servedCountries } from "../reference/served-countries";
import { makeReference } from "./inquiries.domain";
import * as repo from "./inquiries.repo";

function receipt(saved: { id: string; reference: string; createdAt: Date }): InquiryReceipt {
  return { id: saved.id, reference: saved.reference, received_at: saved.createdAt.toISOString() };
}

/** Stores a Contact Us message; the support team reads them from the database. */
export async function submitContact(db: Db, input: ContactRequest): Promise<InquiryReceipt> {
  const saved = await repo.insertContactMessage(db, {
    reference: makeReference("HLP"),
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone ?? null,
    topic: input.topic,
    message: input.message,
    language: input.language ?? null,
  });
  return receipt(saved);
}

/** Stores a demo request from a business or car park operator. */
export async function submitDemoRequest(db: Db, input: DemoRequest): Promise<InquiryReceipt> {
  // The contract checks the shape (two capital letters); the served countries decide the rest.
  const served = servedCountries(db);
  if (!(await served.byCode(input.country_code))) {
    const codes = (await served.list()).map((c) => c.code);
    throw AppError.validation({ country_code: countryCodeError(codes) });
  }
  const saved = await repo.insertDemoRequest(db, {
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
  return receipt(saved);
}
