import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { UPLOAD_ACCEPT, type UploadOutcome } from "#app/services/uploads.ts";

/** Without JavaScript: a multipart form that posts the files through this route's action. */
export function UploadForm({
  back,
  result,
}: {
  back: string;
  /** The action's answer to the last post: what failed and why, or that nothing was chosen. */
  result: { outcomes: UploadOutcome[]; empty: boolean } | undefined;
}) {
  const { t } = useTranslation("files");
  const busy = useNavigation().state === "submitting";
  const failed = result?.outcomes.filter((outcome) => "error" in outcome) ?? [];
  const arrived = result?.outcomes.filter((outcome) => "fileId" in outcome) ?? [];
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
            {t("upload.formHint")}
          </Text>
        </Flex>
        {result?.empty ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{t("upload.errors.none")}</Callout.Text>
          </Callout.Root>
        ) : null}
        {failed.length > 0 ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>
              {arrived.length > 0 ? t("upload.someArrived", { count: arrived.length }) : null}{" "}
              {t("upload.failedList")}
            </Callout.Text>
            <ul className="upload-failures">
              {failed.map((outcome) => (
                <li key={outcome.name}>
                  <Text size="2">
                    <strong>{outcome.name}</strong>: {"error" in outcome ? t(outcome.error) : null}
                  </Text>
                </li>
              ))}
            </ul>
          </Callout.Root>
        ) : null}
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
