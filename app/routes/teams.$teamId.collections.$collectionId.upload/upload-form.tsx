import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { type UploadFormAnswer, UploadFormResult } from "#app/files/upload-form-result.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { UPLOAD_ACCEPT } from "#app/services/uploads.ts";
import { FILE_MAX_BYTES } from "#domain/file-types.ts";
import { formatFileSize } from "#domain/format.ts";

/**
 * Without JavaScript: a multipart form that posts the files through this route's action. When
 * some did not arrive, its answer shows the same summary as the dialog, then each failure.
 */
export function UploadForm({
  back,
  result,
  limits,
}: {
  back: string;
  /**
   * The action's answer to the last post: what failed and why, that nothing was chosen, or that
   * the server had no room for uploads then.
   */
  result: UploadFormAnswer | undefined;
  /** The largest file this form takes, and the storage left on the plan (null: no limit). */
  limits: { fileMaxBytes: number; storageLeftBytes: number | null };
}) {
  const { t, i18n } = useTranslation("files");
  const busy = useNavigation().state === "submitting";
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);
  const fileLimit = size(limits.fileMaxBytes);
  return (
    <Form method="post" encType="multipart/form-data">
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="upload-files">
            {t("upload.choose")}
          </Text>
          <input
            id="upload-files"
            name="files"
            type="file"
            multiple
            required
            accept={UPLOAD_ACCEPT}
            aria-describedby="upload-files-hint"
          />
          <Text id="upload-files-hint" size="1" color="gray">
            {t("upload.formHint")}{" "}
            {limits.storageLeftBytes === null
              ? t("upload.formLimit", { limit: fileLimit })
              : t("upload.formLimitWithRoom", {
                  limit: fileLimit,
                  left: size(limits.storageLeftBytes),
                })}
          </Text>
        </Flex>
        <UploadFormResult result={result} fileMaxBytes={FILE_MAX_BYTES} />
        <Flex justify="end" gap="3">
          <Button asChild variant="soft" color="gray">
            <Link to={back}>{t("upload.cancel")}</Link>
          </Button>
          <Button type="submit" size="3" loading={busy}>
            {t("upload.submit")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
