/** The payout account's confirmation e-mail (en/fr), to the operator's managers. */
import type { Language } from "../../lib/language";
import { linkMail } from "../../lib/link-mail";
import type { MailMessage } from "../../lib/mailer";
import { fill, fillAll, mailTexts } from "../../lib/texts";

export function payoutAccountMail(
  lang: Language,
  to: string,
  facts: {
    operator: string;
    holder: string;
    last4: string;
    bank: string | null;
    days: number;
    hours: number;
  },
  link: string,
): MailMessage {
  const texts = mailTexts(lang).payouts;
  const account = facts.bank
    ? fill(texts.accountEndingAt, { last4: facts.last4, bank: facts.bank })
    : fill(texts.accountEnding, { last4: facts.last4 });
  return linkMail(
    lang,
    to,
    fillAll(texts.confirmAccount, {
      operator: facts.operator,
      holder: facts.holder,
      account,
      days: facts.days,
      hours: facts.hours,
    }),
    link,
  );
}
