import { Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import {
  forgetUpload,
  heldUploadLocks,
  readUnfinished,
  type UnfinishedUpload,
} from "#app/services/unfinished-uploads.ts";
import { formatFileSize } from "#domain/format.ts";

/** The interrupted uploads of one collection, as the notice lists them. */
interface Group {
  href: string;
  label: string;
  records: UnfinishedUpload[];
}

/**
 * On every page of a team: "3 uploads to Site were interrupted (27 MB left)", with the way back
 * to the collection's upload page, where they go on, and "Discard" (ADR 104). What the browser
 * remembers is read after hydration, so the page is the same without JavaScript, where there is
 * nothing to remember. Not on an upload page, which lists them itself, and not for uploads
 * another tab is sending.
 */
export function InterruptedUploadsNotice({ teamId }: { teamId: string }) {
  const { t, i18n } = useTranslation("teams");
  const location = useLocation();
  const [groups, setGroups] = useState<Group[]>([]);
  const onUploadPage = location.pathname.endsWith("/upload");

  const read = useCallback(async () => {
    const elsewhere = await heldUploadLocks();
    const byPage = new Map<string, Group>();
    for (const record of readUnfinished()) {
      if (record.teamId !== teamId || elsewhere.has(record.uploadPath)) continue;
      const group = byPage.get(record.href) ?? {
        href: record.href,
        label: record.label,
        records: [],
      };
      group.records.push(record);
      byPage.set(record.href, group);
    }
    setGroups([...byPage.values()]);
  }, [teamId]);

  // Read again on every navigation (closing the upload dialog interrupts what it was sending)
  // and when another tab changes what is remembered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger.
  useEffect(() => {
    if (onUploadPage) return;
    void read();
    const changed = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith("uploads.")) void read();
    };
    window.addEventListener("storage", changed);
    return () => window.removeEventListener("storage", changed);
  }, [read, onUploadPage, location.key]);

  if (onUploadPage || groups.length === 0) return null;

  const discard = async (group: Group) => {
    for (const record of group.records) forgetUpload(record.uploadPath);
    await read();
  };

  return (
    <Flex direction="column" gap="2" mb="4" data-testid="interrupted-uploads">
      {groups.map((group) => {
        const kept = group.records.every((record) => record.kept);
        return (
          <Callout.Root key={group.href} color="amber" role="status">
            <Callout.Icon>
              <Icon name="info-circled" />
            </Callout.Icon>
            <Callout.Text>
              {t("interruptedUploads.summary", {
                count: group.records.length,
                label: group.label,
                left: formatFileSize(
                  group.records.reduce((sum, r) => sum + Math.max(0, r.size - r.sent), 0),
                  i18n.language,
                ),
              })}{" "}
              {t(kept ? "interruptedUploads.kept" : "interruptedUploads.pick", {
                count: group.records.length,
              })}
            </Callout.Text>
            <Flex gap="2" wrap="wrap">
              <Button asChild size="1">
                <Link to={group.href}>{t("interruptedUploads.finish")}</Link>
              </Button>
              <Button size="1" variant="soft" color="gray" onClick={() => void discard(group)}>
                {t("interruptedUploads.discard")}
              </Button>
            </Flex>
          </Callout.Root>
        );
      })}
    </Flex>
  );
}
