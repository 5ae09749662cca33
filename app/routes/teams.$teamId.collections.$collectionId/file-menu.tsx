import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMenuClosesOnNavigation } from "#app/components/menu.ts";
import { type Actor, canDownloadFileFromMenu, canRenameFile } from "#domain/roles.ts";
import type { FileRow } from "./files-table.tsx";

/** Rename and download, each only when the role allows it (spec section 6, file rules). */
export function FileMenu({
  file,
  actor,
  base,
  search,
}: {
  file: FileRow;
  actor: Actor;
  base: string;
  search: string;
}) {
  const { t } = useTranslation("files");
  const menu = useMenuClosesOnNavigation();
  const fileBase = `${base}/files/${encodeURIComponent(file.fileId)}`;
  const rename = canRenameFile(actor, file);
  const download = canDownloadFileFromMenu(actor, file);
  if (!rename && !download) return null;
  return (
    <details className="menu" ref={menu}>
      <summary aria-label={t("menu.label", { name: file.name })}>
        <span className="icon-dots" aria-hidden />
      </summary>
      <div className="menu-panel menu-links">
        {rename ? (
          <Link to={`${fileBase}/rename${search}`} preventScrollReset className="row-link">
            {t("menu.rename")}
          </Link>
        ) : null}
        {download ? (
          <Link to={`${fileBase}/download`} reloadDocument className="row-link">
            {t("menu.download")}
          </Link>
        ) : null}
      </div>
    </details>
  );
}
