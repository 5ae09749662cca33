import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { TrashKind } from "./trash-rows.ts";

/** "Delete forever?" over the trash, with the item's name when it was found (purgeLoader). */
export function PurgeDialog() {
  const { t } = useTranslation("teams");
  const { back, kind, name } = useLoaderData<{
    back: string;
    kind: TrashKind;
    name: string | null;
  }>();
  return (
    <ConfirmDialog
      title={t("trash.deleteForeverTitle")}
      message={
        name === null
          ? t(kind === "file" ? "trash.deleteThisFileForever" : "trash.deleteThisCollectionForever")
          : t(kind === "file" ? "trash.deleteFileForever" : "trash.deleteCollectionForever", {
              name,
            })
      }
      closeTo={back}
      closeLabel={t("trash.close")}
      cancelLabel={t("trash.cancel")}
      submitLabel={t("trash.deleteForeverSubmit")}
      danger
    />
  );
}
