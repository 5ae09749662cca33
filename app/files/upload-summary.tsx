import { Callout } from "#app/components/callout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { refusalReasonKey, type UploadTally } from "#app/services/uploads.ts";
import { FILE_MAX_BYTES } from "#domain/file-types.ts";
import { formatFileSize } from "#domain/format.ts";

/**
 * What became of a batch of files, in one line once they have all ended: "8 uploaded, 1
 * refused: clip.bin, type not accepted" (docs/product.md#uploads; ADR 076). The dialog with
 * JavaScript and the form's answer without it say the same.
 */
export function UploadSummary({ tally }: { tally: UploadTally }) {
  const { t, i18n } = useTranslation("files");
  const parts = [t("upload.summary.uploaded", { count: tally.uploaded })];
  if (tally.refused.length > 0) {
    const list = tally.refused
      .map(({ name, reason, limitBytes }) => {
        const limit = formatFileSize(limitBytes ?? FILE_MAX_BYTES, i18n.language);
        return t("upload.summary.item", { name, reason: t(refusalReasonKey(reason), { limit }) });
      })
      .join("; ");
    parts.push(t("upload.summary.refused", { count: tally.refused.length, list }));
  }
  if (tally.failed.length > 0) {
    parts.push(
      t("upload.summary.failed", { count: tally.failed.length, list: tally.failed.join(", ") }),
    );
  }
  if (tally.duplicates > 0) {
    parts.push(t("upload.summary.duplicates", { count: tally.duplicates }));
  }
  const trouble = tally.refused.length + tally.failed.length > 0;
  return (
    <Callout.Root color={trouble ? "red" : "grass"} role={trouble ? "alert" : "status"}>
      <Callout.Text data-testid="upload-summary">{parts.join(", ")}</Callout.Text>
    </Callout.Root>
  );
}
