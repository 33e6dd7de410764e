import type { ContactRequest, DemoRequest, InquiryReceipt } from "@parkwell/contract";
import { api } from "../../lib/api";

export function sendContact(body: ContactRequest): Promise<InquiryReceipt> {
  return api<InquiryReceipt>("/contact", { method: "POST", body });
}

export function sendDemoRequest(body: DemoRequest): Promise<InquiryReceipt> {
  return api<InquiryReceipt>("/demo-requests", { method: "POST", body });
}
