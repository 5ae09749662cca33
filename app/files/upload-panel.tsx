import { type DragEvent, useEffect, useId, useState } from "react";
import { Button, IconButton } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { Progress } from "#app/components/progress.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import {
  type ResumeScope,
  refusalReasonKey,
  tallyUploads,
  UPLOAD_ACCEPT,
  type UploadItem,
  useUploadQueue,
} from "#app/services/uploads.ts";
import { useKeepScreenOn, useWakeLock } from "#app/services/wake-lock.ts";
import { FILE_MAX_BYTES } from "#domain/file-types.ts";
import { dateTimeFormat, formatFileSize } from "#domain/format.ts";
import { UploadSummary } from "./upload-summary.tsx";

export { InterruptedUploadsNotice } from "./interrupted-uploads.tsx";

/**
 * The upload dialog's body with JavaScript: a drop zone and a picker for many files, then one
 * row per file with its progress, pause or resume, and a message when it failed. Failed files
 * come first, where they are seen without scrolling, and once every file has ended a summary
 * says what arrived and what was refused (ADR 076). With `duplicatesUrl`, a file already in the
 * collection, or picked twice, waits with "Upload anyway" rather than being sent (ADR 102).
 * With `resume`, uploads a reload interrupted come back first, to be picked again or discarded
 * (ADR 104).
 */
export function UploadPanel({
  startUrl,
  onFinished,
  onBusyChange,
  firstAlone,
  duplicatesUrl,
  resume,
}: {
  /** The web action that starts each file (a member's collection, a drop link's guest). */
  startUrl: string;
  onFinished: (arrived: number, total: number) => void;
  onBusyChange?: (busy: boolean) => void;
  /** The first file starts alone (useUploadQueue). */
  firstAlone?: boolean;
  /** The web action of the duplicates check (useUploadQueue); none: every file is sent. */
  duplicatesUrl?: string;
  /** Where the uploads go, to remember them across a reload (useUploadQueue). */
  resume?: ResumeScope;
}) {
  const { t, i18n } = useTranslation("files");
  const queue = useUploadQueue({ startUrl, onFinished, firstAlone, duplicatesUrl, resume });
  const [over, setOver] = useState(false);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  useEffect(() => onBusyChange?.(queue.busy), [queue.busy, onBusyChange]);
  // The screen stays on while files go; not while every one is done, paused or failed (ADR 103).
  const [keepScreenOn, setKeepScreenOn] = useKeepScreenOn();
  useWakeLock(
    keepScreenOn &&
      queue.items.some(
        (item) => !["done", "failed", "paused", "duplicate", "interrupted"].includes(item.status),
      ),
  );
  // Interrupted files first (ADR 104), then failed ones, then duplicates waiting for "Upload
  // anyway" (ADR 102), then the rest.
  const first = ["interrupted", "failed", "duplicate"] as const;
  const ordered = [
    ...first.flatMap((status) => queue.items.filter((item) => item.status === status)),
    ...queue.items.filter((item) => !(first as readonly string[]).includes(item.status)),
  ];
  const interrupted = queue.items.filter((item) => item.status === "interrupted");
  const counted = queue.items.filter((item) => item.status !== "interrupted");
  const ended = counted.length > 0 && !queue.busy;

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) void queue.add(Array.from(event.dataTransfer.files));
  };

  return (
    <Flex direction="column" gap="4">
      {interrupted.length > 0 ? (
        <Callout.Root color="amber" role="status" data-testid="upload-interrupted">
          <Callout.Icon>
            <Icon name="info-circled" />
          </Callout.Icon>
          <Callout.Text>
            {t("upload.interrupted.summary", {
              count: interrupted.length,
              left: formatFileSize(
                interrupted.reduce((sum, item) => sum + item.size - item.sent, 0),
                i18n.language,
              ),
            })}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <section
        aria-label={t("upload.dropZone")}
        className={over ? "upload-drop upload-drop-over" : "upload-drop"}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Flex direction="column" align="center" gap="2">
          <Text as="p" size="2" color="gray" id={hintId}>
            {t("upload.dropHint")}
          </Text>
          <Button asChild variant="soft">
            <label htmlFor={inputId}>{t("upload.choose")}</label>
          </Button>
          <input
            id={inputId}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            className="upload-input"
            aria-describedby={hintId}
            data-testid="upload-input"
            onChange={(event) => {
              const files = event.currentTarget.files;
              if (files && files.length > 0) void queue.add(Array.from(files));
              event.currentTarget.value = "";
            }}
          />
        </Flex>
      </section>
      <Flex direction="column" gap="1">
        <label className="choice">
          <input
            type="checkbox"
            checked={keepScreenOn}
            onChange={(event) => setKeepScreenOn(event.currentTarget.checked)}
          />
          <Text as="span" size="2">
            {t("upload.keepScreenOn")}
          </Text>
        </label>
        <Text as="p" size="1" color="gray">
          {t("upload.backgroundNote")}
        </Text>
      </Flex>
      {ended ? (
        <UploadSummary
          tally={tallyUploads(
            counted.map((item) => ({
              name: item.name,
              done: item.status === "done",
              reason: item.reason,
              duplicate: item.status === "duplicate",
            })),
          )}
        />
      ) : null}
      {queue.items.length > 0 ? (
        <ul className="plain-list upload-list" aria-label={t("upload.listLabel")}>
          {ordered.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              onPause={() => queue.pause(item.key)}
              onResume={() => queue.resume(item.key)}
              onSendAnyway={() => queue.sendAnyway(item.key)}
              onDiscard={() => queue.discard(item.key)}
            />
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}

/** Why a duplicate is not sent: who uploaded it and when, or which file of the pick it repeats. */
function duplicateText(
  t: ReturnType<typeof useTranslation>["t"],
  language: string,
  duplicate: NonNullable<UploadItem["duplicate"]>,
) {
  if (duplicate.kind === "pick") return t("upload.duplicate.picked", { name: duplicate.sameAs });
  const { match } = duplicate;
  const at = new Date(match.uploadedAt);
  const date = dateTimeFormat(language, {
    day: "numeric",
    month: "long",
    ...(at.getFullYear() === new Date().getFullYear() ? {} : { year: "numeric" }),
  }).format(at);
  const name =
    match.guestName !== undefined
      ? (match.guestName ?? t("upload.duplicate.guest"))
      : (match.uploadedBy?.nickname ?? t("table.formerMember"));
  return t("upload.duplicate.inCollection", { name, date });
}

function UploadRow({
  item,
  onPause,
  onResume,
  onSendAnyway,
  onDiscard,
}: {
  item: UploadItem;
  onPause: () => void;
  onResume: () => void;
  onSendAnyway: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation("files");
  useCountdown(item.status === "retrying");
  const percent = item.size > 0 ? Math.round((item.sent / item.size) * 100) : 0;
  const status =
    item.status === "duplicate" && item.duplicate
      ? duplicateText(t, i18n.language, item.duplicate)
      : item.status === "failed" && item.error
        ? t(item.error, {
            reason: item.reason
              ? t(refusalReasonKey(item.reason), {
                  limit: formatFileSize(FILE_MAX_BYTES, i18n.language),
                })
              : "",
          })
        : item.status === "uploading" || item.status === "interrupted"
          ? t(`upload.status.${item.status}`, { percent })
          : item.status === "retrying"
            ? t("upload.status.retrying", { seconds: secondsLeft(item.retryAt) })
            : t(`upload.status.${item.status}`);
  return (
    <li
      className="upload-row"
      data-status={item.status}
      data-never-sent={item.neverSent ? "" : undefined}
    >
      <Flex align="center" gap="3">
        <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
          <Flex justify="between" gap="2">
            <Text size="2" weight="medium" truncate>
              {item.name}
            </Text>
            <Text size="1" color="gray" className="upload-size">
              {formatFileSize(item.size, i18n.language)}
            </Text>
          </Flex>
          {item.status === "duplicate" ? null : (
            <Progress
              value={item.status === "done" ? 100 : percent}
              color={
                item.status === "failed" ? "red" : item.status === "done" ? "grass" : undefined
              }
              aria-label={t("upload.progress", { name: item.name })}
            />
          )}
          <Text
            size="1"
            color={
              item.status === "failed"
                ? "red"
                : item.status === "duplicate" || item.status === "interrupted"
                  ? "amber"
                  : "gray"
            }
            role="status"
          >
            {status}
          </Text>
          {item.status === "duplicate" ? (
            <Flex>
              <Button
                size="1"
                variant="soft"
                onClick={onSendAnyway}
                aria-label={`${t("upload.duplicate.send")}: ${item.name}`}
              >
                {t("upload.duplicate.send")}
              </Button>
            </Flex>
          ) : null}
          {item.status === "interrupted" ? (
            <Flex>
              <Button
                size="1"
                variant="soft"
                color="gray"
                onClick={onDiscard}
                aria-label={t("upload.interrupted.discardOne", { name: item.name })}
              >
                {t("upload.interrupted.discard")}
              </Button>
            </Flex>
          ) : null}
        </Flex>
        {item.status === "uploading" || item.status === "retrying" ? (
          <IconButton
            variant="soft"
            color="gray"
            onClick={onPause}
            aria-label={t("upload.pause", { name: item.name })}
          >
            <Icon name="pause" />
          </IconButton>
        ) : item.status === "paused" || item.status === "offline" ? (
          <IconButton
            variant="soft"
            onClick={onResume}
            aria-label={t("upload.resume", { name: item.name })}
          >
            <Icon name="play" />
          </IconButton>
        ) : item.status === "done" ? (
          <Icon name="check-circled" color="var(--grass-11)" />
        ) : item.status === "failed" || item.status === "duplicate" ? (
          // Kept at its size beside a message that wraps.
          <Flex flexShrink="0">
            {item.status === "failed" ? (
              <Icon name="cross-circled" color="var(--red-11)" />
            ) : (
              <Icon name="info-circled" color="var(--amber-11)" />
            )}
          </Flex>
        ) : null}
      </Flex>
    </li>
  );
}

/** Whole seconds until `at`, never below 1 while a retry is still ahead. */
function secondsLeft(at: number | undefined) {
  return Math.max(1, Math.ceil(((at ?? 0) - Date.now()) / 1000));
}

/** Renders again every second while `running`, for a countdown. */
function useCountdown(running: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);
}
