/**
 * An order's e-mails (placed, out for delivery, delivered, cancelled, rejected, returned), composed
 * when the mail job runs, in the driver's language, from the order as it is then. A pickup's
 * "delivered" mail says it was collected (stageWord); an order a company paid says the company
 * paid it and got its refunds.
 */
import { stageWord } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { MailJob, OrderMailTemplate } from "../../jobs/mail-job";
import type { MailMessage } from "../../lib/mailer";
import { moneyText } from "../../lib/money";
import { receiptLine, withReceiptLine } from "../receipts/receipts.mail";
import type { ServedCountries } from "../reference/served-countries";
import { orderLinesOf, orderWithDriver, payerCompanyName } from "./orders.repo";
import { escapeHtml } from "../../lib/link-mail";

type Lang = "en" | "fr";

/** What a mail says: its template's words, or a pickup's collection for its "delivered". */
export type OrderMailWords = OrderMailTemplate | "collected";

const TEXTS: Record<OrderMailWords, Record<Lang, { subject: string; intro: string }>> = {
  placed: {
    en: {
      subject: "Your Parkwell order {code} is placed",
      intro: "Thank you: your order is placed and paid from your wallet ({total}).",
    },
    fr: {
      subject: "Votre commande Parkwell {code} est passée",
      intro: "Merci\u00a0: votre commande est passée et payée depuis votre portefeuille ({total}).",
    },
  },
  out_for_delivery: {
    en: {
      subject: "Your Parkwell order {code} is on its way",
      intro: "Your order has left the depot and is on its way to you.",
    },
    fr: {
      subject: "Votre commande Parkwell {code} est en route",
      intro: "Votre commande a quitté le dépôt et est en route vers vous.",
    },
  },
  delivered: {
    en: {
      subject: "Your Parkwell order {code} is delivered",
      intro: "Your order is delivered. Thank you for shopping with Parkwell.",
    },
    fr: {
      subject: "Votre commande Parkwell {code} est livrée",
      intro: "Votre commande est livrée. Merci d'avoir acheté sur Parkwell.",
    },
  },
  collected: {
    en: {
      subject: "Your Parkwell order {code} is collected",
      intro: "You have collected your order at the park. Thank you for shopping with Parkwell.",
    },
    fr: {
      subject: "Votre commande Parkwell {code} est retirée",
      intro: "Vous avez retiré votre commande au parking. Merci d'avoir acheté sur Parkwell.",
    },
  },
  canceled: {
    en: {
      subject: "Your Parkwell order {code} is cancelled",
      intro: "Your order is cancelled. Refunded to your wallet: {refund}.",
    },
    fr: {
      subject: "Votre commande Parkwell {code} est annulée",
      intro: "Votre commande est annulée. Remboursé sur votre portefeuille\u00a0: {refund}.",
    },
  },
  rejected: {
    en: {
      subject: "Your Parkwell order {code} could not be accepted",
      intro: "We are sorry: we could not accept your order. Refunded to your wallet: {refund}.",
    },
    fr: {
      subject: "Votre commande Parkwell {code} n'a pas pu être acceptée",
      intro:
        "Nous sommes désolés\u00a0: nous n'avons pas pu accepter votre commande. Remboursé sur votre portefeuille\u00a0: {refund}.",
    },
  },
  returned: {
    en: {
      subject: "Your return for Parkwell order {code} is refunded",
      intro: "We have received your return. Refunded to your wallet: {refund}.",
    },
    fr: {
      subject: "Votre retour pour la commande Parkwell {code} est remboursé",
      intro: "Nous avons reçu votre retour. Remboursé sur votre portefeuille\u00a0: {refund}.",
    },
  },
};

/** The intros that name the money's way, for an order a company paid ({company}: its name). */
const COMPANY_INTROS: Partial<Record<OrderMailWords, Record<Lang, string>>> = {
  placed: {
    en: "Thank you: your order is placed and paid by {company} ({total}).",
    fr: "Merci\u00a0: votre commande est passée et payée par {company} ({total}).",
  },
  canceled: {
    en: "Your order is cancelled. Refunded to {company}: {refund}.",
    fr: "Votre commande est annulée. Remboursé à {company}\u00a0: {refund}.",
  },
  rejected: {
    en: "We are sorry: we could not accept your order. Refunded to {company}: {refund}.",
    fr: "Nous sommes désolés\u00a0: nous n'avons pas pu accepter votre commande. Remboursé à {company}\u00a0: {refund}.",
  },
  returned: {
    en: "We have received your return. Refunded to {company}: {refund}.",
    fr: "Nous avons reçu votre retour. Remboursé à {company}\u00a0: {refund}.",
  },
};

const LABELS: Record<Lang, { items: string; total: string; details: string }> = {
  en: { items: "Items", total: "Total", details: "Order details" },
  fr: { items: "Articles", total: "Total", details: "Détails de la commande" },
};

export interface OrderMailDeps {
  db: Db;
  countries: ServedCountries;
  publicUrl: string;
}

/** The message of an order mail job; null when the order or its driver is gone. */
export async function composeOrderMail(
  d: OrderMailDeps,
  job: Extract<MailJob, { type: "order" }>,
): Promise<MailMessage | null> {
  const found = await orderWithDriver(d.db, job.orderId);
  if (!found) return null;
  const lines = await orderLinesOf(d.db, job.orderId);
  const lang: Lang = found.language === "fr" ? "fr" : "en";
  const words: OrderMailWords =
    job.template === "delivered" && stageWord("delivered", found.order.orderType) === "collected"
      ? "collected"
      : job.template;
  // Placing is the order's first move (`order:<id>:1`); a refund's stage names its credit note.
  const where =
    job.template === "placed"
      ? { ledgerKey: `order:${job.orderId}:1` }
      : job.refundMinor > 0
        ? { creditNoteOf: `order:${job.orderId}:` }
        : null;
  const receipt = where ? await receiptLine(d, where, lang) : null;
  const mail = orderMail(words, lang, found.email, {
    code: found.order.orderCode,
    currency: found.order.currency,
    decimals: d.countries.decimalsOf(found.order.currency),
    totalMinor: found.order.totalMinor,
    refundMinor: job.refundMinor,
    lines: lines.map((l) => ({ name: l.name[lang], quantity: l.quantity })),
    publicUrl: d.publicUrl,
    company: await payerCompanyName(d.db, job.orderId),
  });
  return withReceiptLine(mail, receipt);
}

export function orderMail(
  template: OrderMailWords,
  lang: Lang,
  to: string,
  o: {
    code: string;
    currency: string;
    decimals: number;
    totalMinor: number;
    refundMinor: number;
    lines: { name: string; quantity: number }[];
    publicUrl: string;
    /** The company that paid the order; null or absent: the driver's wallet. */
    company?: string | null;
  },
): MailMessage {
  const money = (minor: number) => moneyText(minor, o.currency, o.decimals, lang);
  const fill = (s: string) =>
    s
      .replace("{code}", o.code)
      .replace("{total}", money(o.totalMinor))
      .replace("{refund}", money(o.refundMinor))
      // Last, and as a function: a company's name is never read as a placeholder or a pattern.
      .replace("{company}", () => o.company ?? "");
  const t = TEXTS[template][lang];
  const intro = (o.company && COMPANY_INTROS[template]?.[lang]) || t.intro;
  const l = LABELS[lang];
  const link = `${o.publicUrl}/orders/${encodeURIComponent(o.code)}`;
  const lines = [
    fill(intro),
    `${l.items}: ${o.lines.map((x) => `${x.quantity} × ${x.name}`).join(", ")}`,
    `${l.total}: ${money(o.totalMinor)}`,
  ];
  return {
    to,
    subject: fill(t.subject),
    text: `${lines.join("\n")}\n\n${l.details}: ${link}\n\nParkwell`,
    html: `${lines.map((x) => `<p>${escapeHtml(x)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(l.details)}</a></p><p>Parkwell</p>`,
    link,
  };
}
