import type { DeadLetter } from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { useCan } from "../me";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DataTable, type Column } from "../ui/data-table";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { deadLettersQuery, redriveDeadLetter } from "./api";
import { formatDateTime } from "./format";
import "./people.css";

/** Failed jobs: what the job queue gave up on after every retry, and a way to try one again. */
export function FailedJobsPage() {
  const { t, i18n } = useTranslation("admin-people");
  const can = useCan();
  const queryClient = useQueryClient();
  const { page, size } = usePageParams();
  const list = useQuery({ ...deadLettersQuery(page, size), placeholderData: keepPreviousData });
  const [target, setTarget] = useState<DeadLetter | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const redrive = useMutation({
    mutationFn: (j: DeadLetter) => redriveDeadLetter(j.id),
    onSuccess: async (res) => {
      setTarget(null);
      setNotice(res.message);
      await queryClient.invalidateQueries({ queryKey: ["admin", "dead-letters"] });
    },
  });
  const lang = i18n.language;
  const what = (j: DeadLetter) => {
    const data = (j.data ?? {}) as Record<string, unknown>;
    const kind = typeof data.type === "string" ? data.type : null;
    return kind
      ? t(`jobs.kinds.${kind}`, { defaultValue: kind })
      : t(`jobs.queues.${j.queue}`, { defaultValue: j.queue });
  };
  const columns: Column<DeadLetter>[] = [
    { key: "failed", header: t("jobs.columns.failed"), cell: (j) => formatDateTime(j.failed_at, lang) },
    {
      key: "job",
      header: t("jobs.columns.job"),
      cell: (j) => (
        <>
          <strong>{what(j)}</strong>
          <br />
          <span className="pp-muted pp-code">{j.queue}</span>
          <details>
            <summary>{t("jobs.data")}</summary>
            <pre className="pp-json">{JSON.stringify(j.data, null, 1)}</pre>
          </details>
        </>
      ),
    },
    {
      key: "error",
      header: t("jobs.columns.error"),
      cell: (j) => (
        <>
          <span className="pp-code">{j.error ?? "—"}</span>
          <br />
          <span className="pp-muted">{t("jobs.retries", { count: j.retries })}</span>
        </>
      ),
    },
    {
      key: "actions",
      header: <span className="visually-hidden">{t("actions")}</span>,
      cell: (j) =>
        can("audit.update") ? (
          <button type="button" className="button" onClick={() => setTarget(j)}>
            {t("jobs.redrive")}
          </button>
        ) : null,
    },
  ];
  return (
    <>
      <PageHeader title={t("jobs.title")} description={t("jobs.description")} />
      <FormAlert message={notice} tone="success" />
      <DataTable
        caption={t("jobs.title")}
        columns={columns}
        rowKey={(j) => j.id}
        query={list}
        emptyText={t("jobs.empty")}
      />
      <ConfirmDialog
        open={target !== null}
        title={t("jobs.redriveTitle")}
        message={t("jobs.redriveText", { job: target ? what(target) : "" })}
        confirmLabel={t("jobs.redrive")}
        busy={redrive.isPending}
        error={redrive.isError ? errorText(t, redrive.error) : null}
        onConfirm={() => target && redrive.mutate(target)}
        onCancel={() => {
          redrive.reset();
          setTarget(null);
        }}
      />
    </>
  );
}
