import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

type Handler = (status: number) => { title: string; message: string };

/**
 * The one error boundary every route shares. Thrown responses map to a message by status; anything
 * else is a generic message. No stack trace or internal message is ever shown.
 */
export function GeneralErrorBoundary({
  statusHandlers,
}: {
  statusHandlers?: Record<number, Handler>;
}) {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const errorCode =
    isRouteErrorResponse(error) && typeof error.data?.errorCode === "string"
      ? error.data.errorCode
      : null;
  const defaults: Record<number, Handler> = {
    400: () =>
      errorCode === "unreadableForm"
        ? { title: t("errors.unreadableFormTitle"), message: t("errors.unreadableFormMessage") }
        : {
            title: t("errors.badRequestTitle"),
            message: t([`messages:errors.${errorCode}`, "errors.badRequestMessage"]),
          },
    404: () => ({ title: t("errors.notFoundTitle"), message: t("errors.notFoundMessage") }),
    413: () => ({ title: t("errors.formTooLargeTitle"), message: t("errors.formTooLargeMessage") }),
    415: () => ({
      title: t("errors.unsupportedFormTitle"),
      message: t("errors.unsupportedFormMessage"),
    }),
    503: () => ({ title: t("errors.unavailableTitle"), message: t("errors.unavailableMessage") }),
  };
  const handler = statusHandlers?.[status] ?? defaults[status];
  const { title, message } = handler
    ? handler(status)
    : { title: t("errors.genericTitle"), message: t("errors.generic") };
  return (
    <Flex direction="column" gap="4" align="start" className="page narrow">
      <Text size="2" color="gray">
        {t("errors.statusLabel", { status })}
      </Text>
      <Heading as="h1" size="7">
        {title}
      </Heading>
      <Text as="p" size="3">
        {message}
      </Text>
      <Button asChild size="3">
        <Link to="/" reloadDocument>
          {t("errors.backHome")}
        </Link>
      </Button>
    </Flex>
  );
}
