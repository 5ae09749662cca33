import { Callout } from "#app/components/callout.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { refusalReasonKey, tallyUploads, type UploadOutcome } from "#app/services/uploads.ts";
import { formatFileSize } from "#domain/format.ts";
import { UploadSummary } from "./upload-summary.tsx";

/** What an upload form's post answered: each file's outcome, or why none was taken. */
export interface UploadFormAnswer {
  outcomes: UploadOutcome[];
  /** Nothing was chosen. */
  empty?: boolean;
  /** The server had no room for uploads then. */
  busy?: boolean;
}

/**
 * The answer to the last post of an upload form without JavaScript (ADR 083), a member's or a
 * guest's: that the server was busy, that nothing was chosen, or the same summary as the
 * dialog's, then each file that did not arrive and why. `fileMaxBytes` is the limit a refusal
 * that names none is said with.
 */
export function UploadFormResult({
  result,
  fileMaxBytes,
}: {
  result: UploadFormAnswer | undefined;
  fileMaxBytes: number;
}) {
  const { t, i18n } = useTranslation("files");
  const failed = result?.outcomes.filter((outcome) => "error" in outcome) ?? [];
  return (
    <>
      {result?.busy ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{t("upload.errors.busy")}</Callout.Text>
        </Callout.Root>
      ) : null}
      {result?.empty ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{t("upload.errors.none")}</Callout.Text>
        </Callout.Root>
      ) : null}
      {result && failed.length > 0 ? (
        <>
          <UploadSummary
            tally={tallyUploads(
              result.outcomes.map((outcome) => ({
                name: outcome.name,
                done: "fileId" in outcome,
                reason: "reason" in outcome ? outcome.reason : undefined,
                limitBytes: "limitBytes" in outcome ? outcome.limitBytes : undefined,
              })),
            )}
          />
          <Flex direction="column" gap="1">
            <Text size="2">{t("upload.failedList")}</Text>
            <ul className="upload-failures">
              {failed.map((outcome) => (
                <li key={outcome.name}>
                  <Text size="2">
                    <strong>{outcome.name}</strong>:{" "}
                    {"error" in outcome
                      ? t(outcome.error, {
                          reason: outcome.reason
                            ? t(refusalReasonKey(outcome.reason), {
                                limit: formatFileSize(
                                  outcome.limitBytes ?? fileMaxBytes,
                                  i18n.language,
                                ),
                              })
                            : "",
                        })
                      : null}
                  </Text>
                </li>
              ))}
            </ul>
          </Flex>
        </>
      ) : null}
    </>
  );
}
