import { Form, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { type UploadFormAnswer, UploadFormResult } from "#app/files/upload-form-result.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { UPLOAD_ACCEPT } from "#app/services/uploads.ts";
import { FILE_MAX_BYTES } from "#domain/file-types.ts";
import { formatFileSize } from "#domain/format.ts";

type Limits = { fileMaxBytes: number; filesLeft: number | null; bytesLeft: number | null };

/**
 * What the guest may send, said before they choose (ADR 083): each file, files and bytes left.
 * Each file's limit is said only when something sets one (the link's bytes per guest, the form
 * without JavaScript): the API's own maximum, in terabytes, tells a guest nothing.
 */
export function limitsText(
  t: (key: string, values?: Record<string, unknown>) => string,
  size: (bytes: number) => string,
  limits: Limits,
) {
  return [
    limits.fileMaxBytes < FILE_MAX_BYTES
      ? t("guest.upload.limitFile", { limit: size(limits.fileMaxBytes) })
      : null,
    limits.filesLeft === null ? null : t("guest.upload.filesLeft", { count: limits.filesLeft }),
    limits.bytesLeft === null
      ? null
      : t("guest.upload.bytesLeft", { left: size(limits.bytesLeft) }),
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * Without JavaScript: a multipart form of the guest's files, posted to the page, which spools
 * and sends each on as a member's form does (ADR 083). Its limits show before a file is chosen;
 * when some did not arrive, its answer lists which and why.
 */
export function GuestUploadForm({ limits, result }: { limits: Limits; result?: UploadFormAnswer }) {
  const { t, i18n } = useTranslation("files");
  const busy = useNavigation().state === "submitting";
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);
  return (
    <Form method="post" encType="multipart/form-data">
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="drop-files">
            {t("guest.upload.choose")}
          </Text>
          <input
            id="drop-files"
            name="files"
            type="file"
            multiple
            required
            accept={UPLOAD_ACCEPT}
            aria-describedby="drop-files-hint"
          />
          <Text id="drop-files-hint" size="1" color="gray">
            {limitsText(t, size, limits)} {t("guest.upload.keepOpen")}
          </Text>
        </Flex>
        <UploadFormResult result={result} fileMaxBytes={limits.fileMaxBytes} />
        <Flex>
          <Button type="submit" size="3" loading={busy}>
            {t("guest.upload.submit")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
