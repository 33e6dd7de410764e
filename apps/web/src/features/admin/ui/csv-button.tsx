import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/form-errors";
import { csvFilename, downloadCsv, type CsvPath } from "./csv";

/**
 * Export CSV for a report: downloads `path?format=csv` with the list's filters (downloadCsv) as
 * `<filename>-<date>.csv` unless the server names the file. Says so while it runs and if it fails.
 */
export function CsvExportButton({
  path,
  query = {},
  filename,
}: {
  /** The route under /api/v1/admin, e.g. "/reports/bookings". */
  path: CsvPath;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** The file's name without date and extension, e.g. "bookings". */
  filename: string;
}) {
  const { t } = useTranslation(["admin", "auth"]);
  const download = useMutation({ mutationFn: () => downloadCsv(path, query, csvFilename(filename)) });
  return (
    <span className="admin-csv">
      <button
        type="button"
        className="button"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? t("csv.exporting") : t("csv.export")}
      </button>
      {download.isError && (
        <span className="admin-csv__error" role="alert">
          {t("csv.failed")} {errorText(t, download.error)}
        </span>
      )}
    </span>
  );
}
