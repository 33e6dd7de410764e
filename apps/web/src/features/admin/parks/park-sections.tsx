import { AMENITIES } from "@parkwell/contract";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/form-field";
import type { ParkValues } from "./park-editor";
import { ParkHoursTable } from "./park-hours";

/** The park editor's sections on its hours, what it offers and how it describes itself. */

type ParkForm = Pick<UseFormReturn<ParkValues>, "register">;

/** The park's opening hours (all day, or a day's hours), its overnight stays and its closures. */
export function HoursSection({
  form,
  editable,
}: {
  form: Pick<UseFormReturn<ParkValues>, "register" | "setValue" | "watch" | "formState" | "getValues">;
  editable: boolean;
}) {
  const { t } = useTranslation(["admin-parks", "auth"]);
  const { register, watch } = form;
  return (
    <section className="admin-park-section">
      <h2>{t("sections.hours")}</h2>
      <label className="admin-check">
        <input type="checkbox" {...register("open_24h")} /> {t("fields.open24h")}
      </label>
      {!watch("open_24h") && <ParkHoursTable form={form} />}
      {editable && <p className="admin-park-muted">{t("closeHint")}</p>}
      <label className="admin-check">
        <input type="checkbox" {...register("overnight_stays")} /> {t("fields.overnight")}
      </label>
      {editable || watch("closures").trim() !== "" ? (
        <TextAreaField
          label={t("fields.closures")}
          hint={editable ? t("closuresHint") : undefined}
          rows={3}
          {...register("closures")}
        />
      ) : (
        <p>
          <strong>{t("fields.closures")}</strong>
          <br />
          <span className="admin-park-muted">{t("noClosures")}</span>
        </p>
      )}
    </section>
  );
}

/** The park's amenities and its height limit. */
export function AmenitiesSection({
  form: { register },
  editable,
  error,
}: {
  form: ParkForm;
  editable: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation(["admin-parks", "auth"]);
  return (
    <section className="admin-park-section">
      <h2>{t("sections.amenities")}</h2>
      <div className="admin-park-amenities">
        {AMENITIES.map((a) =>
          // EV charging follows the park's active chargers (their section, below): not a box to tick.
          a === "ev_charging" ? null : (
            <label key={a} className="admin-check">
              <input type="checkbox" value={a} {...register("amenities")} /> {t(`amenities.${a}`)}
            </label>
          ),
        )}
      </div>
      <p className="admin-park-muted">{t("chargers.amenityHint")}</p>
      <TextField
        label={t("fields.maxHeight")}
        inputMode="numeric"
        hint={editable ? t("maxHeightHint") : undefined}
        error={error}
        {...register("max_height_cm")}
      />
    </section>
  );
}

/** The park's description and entry instructions in English and French, and which is written first. */
export function TextsSection({ form: { register }, editable }: { form: ParkForm; editable: boolean }) {
  const { t } = useTranslation(["admin-parks", "auth"]);
  return (
    <section className="admin-park-section">
      <h2>{t("sections.texts")}</h2>
      <SelectField
        label={t("fields.textLanguage")}
        hint={editable ? t("textLanguageHint") : undefined}
        options={[
          ["en", t("english")],
          ["fr", t("french")],
        ]}
        {...register("text_language")}
      />
      <div className="admin-park-texts">
        <div lang="en">
          <h3>{t("english")}</h3>
          <TextAreaField label={t("fields.description")} rows={4} {...register("en_description")} />
          <TextAreaField label={t("fields.entry")} rows={3} {...register("en_entry")} />
        </div>
        <div lang="fr">
          <h3>{t("french")}</h3>
          <TextAreaField label={t("fields.description")} rows={4} {...register("fr_description")} />
          <TextAreaField label={t("fields.entry")} rows={3} {...register("fr_entry")} />
        </div>
      </div>
    </section>
  );
}
