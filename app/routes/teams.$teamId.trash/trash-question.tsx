import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { TrashQuestion } from "./trash-rows.ts";

/**
 * Empty the trash, or delete one item forever: the question over the trash (ADR 093), whose form
 * posts the intent to the trash's action. The item is named when it was on the page loaded.
 */
export function TrashQuestionDialog({
  question,
  closeTo,
}: {
  question: TrashQuestion & { name?: string | null };
  closeTo: string;
}) {
  const { t } = useTranslation("teams");
  const common = {
    closeTo,
    closeLabel: t("trash.close"),
    cancelLabel: t("trash.cancel"),
    danger: true,
  };
  if (question.confirm === "empty") {
    return (
      <ConfirmDialog
        {...common}
        title={t("trash.emptyTitle")}
        message={t("trash.emptyQuestion")}
        submitLabel={t("trash.emptySubmit")}
      >
        <input type="hidden" name="intent" value="empty" />
      </ConfirmDialog>
    );
  }
  const { kind, id, name } = question;
  const file = kind === "file";
  return (
    <ConfirmDialog
      {...common}
      title={t("trash.deleteForeverTitle")}
      message={
        name
          ? t(file ? "trash.deleteFileForever" : "trash.deleteCollectionForever", { name })
          : t(file ? "trash.deleteThisFileForever" : "trash.deleteThisCollectionForever")
      }
      submitLabel={t("trash.deleteForeverSubmit")}
    >
      <input type="hidden" name="intent" value="purge" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
    </ConfirmDialog>
  );
}
