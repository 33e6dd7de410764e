import {
  SOCIAL_LINKS_DEFAULT,
  SOCIAL_NETWORKS,
  type AdminSocialLinks,
  type SocialNetwork,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api";
import { errorText } from "../../../lib/form-errors";
import { useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { adminSocialLinksQuery, saveSocialLinks } from "./api";
import "./settings.css";

type Row = AdminSocialLinks["items"][number];
type Draft = Record<SocialNetwork, string>;

const draftOf = (row: Row): Draft =>
  Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, row[n] ?? ""])) as Draft;

/**
 * /admin/settings: Parkwell's settings. Today the social links (docs/PRODUCT-RULES.md#social-links):
 * DEFAULT's, and each served country's own, a network left empty showing DEFAULT's.
 */
export function AdminSettingsPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const list = useQuery(adminSocialLinksQuery());
  const items = list.data?.items ?? [];
  const chosen = items.find((i) => i.country_code === params.get("country")) ?? items[0];
  const fallback = items.find((i) => i.country_code === SOCIAL_LINKS_DEFAULT);
  return (
    <div className="admin-settings">
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
      {list.isPending ? (
        <LoadingState text={t("settings.loading")} />
      ) : list.isError ? (
        <FormAlert message={errorText(t, list.error)} />
      ) : (
        chosen && (
          <section aria-labelledby="social-links-title">
            <h2 id="social-links-title">{t("settings.social.title")}</h2>
            <p>{t("settings.social.rule")}</p>
            <SelectField
              label={t("settings.social.country")}
              value={chosen.country_code}
              onChange={(e) => setParams({ country: e.target.value })}
              options={items.map((i) => [i.country_code, nameOf(t, i)] as const)}
            />
            <SocialLinksForm key={chosen.country_code} row={chosen} fallback={fallback} />
          </section>
        )
      )}
    </div>
  );
}

const nameOf = (t: TFunction<"admin">, row: Row) =>
  row.country_name === null
    ? t("settings.social.default")
    : t(`common:country.names.${row.country_code}`, { defaultValue: row.country_name });

function SocialLinksForm({ row, fallback }: { row: Row; fallback: Row | undefined }) {
  const { t, i18n } = useTranslation("admin");
  const can = useCan();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  const statusId = useId();
  const isDefault = row.country_code === SOCIAL_LINKS_DEFAULT;
  const save = useMutation({
    mutationFn: () => saveSocialLinks(row.country_code, draft),
    onSuccess: async (answer) => {
      client.setQueryData(adminSocialLinksQuery().queryKey, answer);
      // The footer's copy in this tab: the next page shows the new links.
      await client.invalidateQueries({ queryKey: ["social-links"] });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const editable = can("settings.update");
  const inherited = (network: SocialNetwork) => {
    if (isDefault) return t("settings.social.emptyDefault");
    const url = fallback?.[network];
    return url ? t("settings.social.inherits", { url }) : t("settings.social.inheritsNone");
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={statusId}>
      <fieldset disabled={!editable}>
        <legend>{t("settings.social.legend", { name: nameOf(t, row) })}</legend>
        {SOCIAL_NETWORKS.map((network) => (
          <TextField
            key={network}
            type="url"
            inputMode="url"
            autoComplete="url"
            label={t(`common:footer.social.${network}`)}
            hint={inherited(network)}
            error={fields[network]}
            value={draft[network]}
            placeholder="https://"
            onChange={(e) => setDraft({ ...draft, [network]: e.target.value })}
          />
        ))}
      </fieldset>
      <p id={statusId} className="field__hint">
        {row.updated_at
          ? t("settings.social.updated", {
              when: new Intl.DateTimeFormat(i18n.language, {
                dateStyle: "medium",
                timeStyle: "short",
              }).format(new Date(row.updated_at)),
              who: row.updated_by?.name ?? t("settings.social.nobody"),
            })
          : t("settings.social.neverSet")}
      </p>
      {editable && (
        <>
          <FormAlert
            message={save.isError && Object.keys(fields).length === 0 ? errorText(t, save.error) : null}
          />
          <div className="admin-form-actions">
            <button type="submit" className="button button--accent" disabled={save.isPending}>
              {save.isPending ? t("settings.social.saving") : t("settings.social.save")}
            </button>
            {save.isSuccess && <p role="status">{t("settings.social.saved")}</p>}
          </div>
        </>
      )}
    </form>
  );
}
