import { VEHICLE_DOC_FILE_LABELS } from "@parkwell/contract";

/**
 * A vehicle-document file's label in the reader's language: the API keeps a chosen label in
 * English ("current papers", "means of identification", VEHICLE_DOC_FILE_LABELS), also as the
 * answer's text when the upload answered a question, so every screen words it from its
 * catalogue's `files.labels` (the driver's and the back office's alike); the driver's own words
 * stay as typed.
 */
export function fileLabelText(t: (key: string) => string, label: string): string {
  return (VEHICLE_DOC_FILE_LABELS as readonly string[]).includes(label)
    ? t(`files.labels.${label.replace(/ /g, "_")}`)
    : label;
}
