import { adminApi, adminDownload } from "../api";
import { filenameFromDisposition, saveBlob } from "../../../lib/save-file";
import { listParams } from "../ui/use-url-filters";

export const settlementsQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "settlements", f, page, size] as const,
  queryFn: () => adminApi("/settlements", { query: listParams(f, page, size) }),
});

export const settlementQuery = (id: number, page: number, size: number) => ({
  queryKey: ["admin", "settlement", id, page, size] as const,
  queryFn: () => adminApi("/settlements/{id}", { params: { id }, query: { page, size } }),
});

export const settlementOperatorsQuery = () => ({
  queryKey: ["admin", "settlement-operators"] as const,
  queryFn: () => adminApi("/settlements/operators"),
});

export const currentPeriodQuery = (operatorId: number) => ({
  queryKey: ["admin", "settlement-current", operatorId] as const,
  queryFn: () => adminApi("/settlements/current", { query: { operator_id: operatorId } }),
});

/** Saves a statement's CSV or PDF (the PDF in the page's language) under the server's file name. */
export async function downloadStatement(id: number, kind: "csv" | "pdf", language: string): Promise<void> {
  const { blob, disposition } =
    kind === "pdf"
      ? await adminDownload("/settlements/{id}.pdf", {
          params: { id },
          query: { lang: language.startsWith("fr") ? "fr" : "en" },
          accept: "application/pdf",
        })
      : await adminDownload("/settlements/{id}.csv", { params: { id }, accept: "text/csv" });
  saveBlob(blob, filenameFromDisposition(disposition) ?? `statement-${id}.${kind}`);
}
