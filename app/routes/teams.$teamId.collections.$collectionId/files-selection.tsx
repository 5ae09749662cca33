import { Form } from "@remix-run/react";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { Button } from "#app/components/button.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Icon } from "#app/components/icon.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * Several files at once (docs/product.md#screens, Files screen; ADR 073): the grid or the table
 * inside a form whose checkboxes (`fileId`) it posts to the team's downloads (with `selection`,
 * which tells it from the collection menu's Download of every file), which asks for a
 * zip of those files and opens the download's dialog, as the collection menu's "Download" does.
 * Without JavaScript a "Download selected" button stays at the foot of the screen; with it a bar
 * there appears once a file is selected: how many, Download, Clear.
 *
 * Other actions on the selection (delete, when files can be deleted) join Download in the bar:
 * a submit button with its own `formAction`, the checkboxes posted the same way.
 */
export function FilesSelection({
  action,
  collectionId,
  name,
  children,
}: {
  /** The team's downloads (`/teams/{teamId}/downloads`). */
  action: string;
  collectionId: string;
  /** The collection's name: the folder the files unzip into. */
  name: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("files");
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [count, setCount] = useState(0);
  const recount = (event: FormEvent<HTMLFormElement>) =>
    setCount(event.currentTarget.querySelectorAll("input[name=fileId]:checked").length);
  const clear = () => {
    for (const box of form.current?.querySelectorAll<HTMLInputElement>("input[name=fileId]") ??
      []) {
      box.checked = false;
    }
    setCount(0);
  };
  return (
    <Form method="post" action={action} ref={form} onChange={recount} className="files-selection">
      <input type="hidden" name="collectionId" value={collectionId} />
      <input type="hidden" name="name" value={name} />
      {children}
      {/* Always there, hidden while empty, so nothing moves as it comes and goes. */}
      <div className="selection-bar" data-empty={hydrated && count === 0 ? "" : undefined}>
        {!hydrated ? (
          <Button type="submit" name="selection" value="1">
            {t("selection.downloadSelected")}
          </Button>
        ) : (
          <>
            <span role="status">{count > 0 ? t("selection.count", { count }) : null}</span>
            <Button type="submit" name="selection" value="1" disabled={count === 0}>
              <Icon name="download" />
              {t("selection.download")}
            </Button>
            <Button type="button" variant="soft" color="gray" onClick={clear}>
              {t("selection.clear")}
            </Button>
          </>
        )}
      </div>
    </Form>
  );
}
