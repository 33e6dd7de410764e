import type { ContactRequest, DemoRequest, EvHostRequest, InquiryReceipt } from "@parkwell/contract";
import { api } from "../../lib/api";

export function sendContact(body: ContactRequest): Promise<InquiryReceipt> {
  return api("/contact", { method: "POST", body });
}

export function sendDemoRequest(body: DemoRequest): Promise<InquiryReceipt> {
  return api("/demo-requests", { method: "POST", body });
}

export function sendEvHostRequest(body: EvHostRequest): Promise<InquiryReceipt> {
  return api("/ev-host-requests", { method: "POST", body });
}
