import { CouponCodeSchema, type CouponVerdict } from "@parkwell/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { formatMoney } from "../../lib/format";
import { useSchemaForm } from "../../lib/use-schema-form";
import { Field } from "./form-field";
import "./coupon-field.css";

const CouponSchema = z.object({ coupon_code: CouponCodeSchema });

/**
 * The coupon code field of every purchase that takes one (the marketplace's checkout, a
 * vehicle-document request): read by the contract's rule (trimmed, upper case, none when empty),
 * applied with Apply or Enter; under it, the server's verdict: what the code saves, with a way to
 * take it off, or the sentence why it does not apply. Emptying the field takes the code off. Not a
 * <form> of its own, so it may sit inside a checkout's form (a pass's) without submitting it.
 */
export function CouponField({
  code,
  onCode,
  verdict,
  currency,
}: {
  /** The code asked for now (the page's URL keeps it). */
  code: string | undefined;
  onCode: (code: string | undefined) => void;
  /** The quote's verdict on the code (every quote answers it in one shape), its discount in `currency`. */
  verdict: CouponVerdict | null | undefined;
  currency: string;
}) {
  const { t, i18n } = useTranslation("common");
  const id = useId();
  const form = useSchemaForm<{ coupon_code: string }, typeof CouponSchema>({
    schema: CouponSchema,
    defaultValues: { coupon_code: code ?? "" },
  });
  const apply = form.handleSubmit(({ coupon_code }) => onCode(coupon_code));
  return (
    <div className="coupon-field">
      <Field label={t("coupon.label")} id={`${id}-coupon`} describedBy={`${id}-coupon-message`}>
        {(control) => (
          <>
            <div className="coupon-field__row">
              <input
                {...control}
                maxLength={30}
                autoCapitalize="characters"
                onKeyDown={(e) => {
                  if (e.key !== "Enter") return;
                  // Enter applies the code, and never submits a form the field sits in.
                  e.preventDefault();
                  void apply();
                }}
                {...form.register("coupon_code", {
                  onChange: (e: { target: { value: string } }) => {
                    if (e.target.value.trim() === "" && code) onCode(undefined);
                  },
                })}
              />
              <button type="button" className="button" onClick={() => void apply()}>
                {t("coupon.apply")}
              </button>
            </div>
            <p id={`${id}-coupon-message`} aria-live="polite" data-testid="coupon-message">
              {verdict &&
                (verdict.applied ? (
                  <span className="coupon-field__ok">
                    {t("coupon.applied", {
                      code: verdict.code,
                      amount: formatMoney(verdict.discount, currency, i18n.language),
                    })}{" "}
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        form.setValue("coupon_code", "");
                        onCode(undefined);
                      }}
                    >
                      {t("coupon.remove")}
                    </button>
                  </span>
                ) : (
                  <span className="field__error">{verdict.message}</span>
                ))}
            </p>
          </>
        )}
      </Field>
    </div>
  );
}
