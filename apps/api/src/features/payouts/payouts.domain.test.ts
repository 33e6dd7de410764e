import { describe, expect, it } from "vitest";
import { payable, transition } from "./payouts.domain";
import { paystackTransferEvent, paystackTransferStatus } from "../payments/providers/paystack-transfers";
import { wavePayoutReport } from "../payments/providers/wave-transfers";

describe("a payout's transitions", () => {
  it("settle once: failed and reversed are final, a paid one may only be reversed", () => {
    for (const from of ["waiting", "sending", "sent"] as const) {
      expect(transition(from, "paid")).toBe("paid");
      expect(transition(from, "failed")).toBe("failed");
      expect(transition(from, "reversed")).toBe("reversed");
    }
    expect(transition("paid", "paid")).toBeNull();
    expect(transition("paid", "failed")).toBeNull();
    expect(transition("paid", "reversed")).toBe("reversed");
    for (const to of ["paid", "failed", "reversed"] as const) {
      expect(transition("failed", to)).toBeNull();
      expect(transition("reversed", to)).toBeNull();
    }
  });

  it("are made for a balance at or above the currency's minimum only", () => {
    expect(payable(500_000, "NGN")).toBe(true);
    expect(payable(499_999, "NGN")).toBe(false);
    expect(payable(-1, "NGN")).toBe(false);
    expect(payable(5_000, "XOF")).toBe(true);
    expect(payable(2_499, "CAD")).toBe(false);
    expect(payable(1_000_000, "EUR")).toBe(false);
  });
});

describe("the providers' transfer states", () => {
  it("Paystack: success paid, failed/abandoned/blocked/rejected failed, reversed, the rest pending", () => {
    expect(paystackTransferStatus("success")).toBe("paid");
    for (const s of ["failed", "abandoned", "blocked", "rejected"])
      expect(paystackTransferStatus(s)).toBe("failed");
    expect(paystackTransferStatus("reversed")).toBe("reversed");
    for (const s of ["pending", "otp", "queued", "processing", "received"]) {
      expect(paystackTransferStatus(s)).toBe("pending");
    }
    expect(
      paystackTransferEvent("transfer.failed", {
        reference: "payout-x",
        transfer_code: "TRF_1",
        status: "failed",
      }),
    ).toEqual({
      idempotencyKey: "payout-x",
      providerReference: "TRF_1",
      status: "failed",
      reason: "Paystack: transfer.failed",
    });
    expect(paystackTransferEvent("charge.success", { reference: "r", transfer_code: "TRF_1" })).toBeNull();
  });

  it("Wave: succeeded paid, failed with its error's words, reversed, processing pending", () => {
    expect(wavePayoutReport({ id: "pt-1", status: "succeeded" })).toEqual({
      providerReference: "pt-1",
      status: "paid",
      reason: null,
    });
    expect(
      wavePayoutReport({ id: "pt-1", status: "failed", payout_error: { error_message: "Limit reached" } }),
    ).toEqual({ providerReference: "pt-1", status: "failed", reason: "Limit reached" });
    expect(wavePayoutReport({ id: "pt-1", status: "processing" }).status).toBe("pending");
  });
});
