import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "#app/components/button.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";

/**
 * A question before something is done: a route dialog (RouteDialog) with what will happen and a
 * form that posts to the route's own action, or Cancel back to `closeTo`. Without JavaScript it
 * is the page's own form (ADR 093: moving to the trash, deleting forever, emptying the trash).
 */
export function ConfirmDialog({
  title,
  message,
  closeTo,
  closeLabel,
  cancelLabel,
  submitLabel,
  danger = false,
  children,
}: {
  title: ReactNode;
  message: ReactNode;
  closeTo: string;
  closeLabel: string;
  cancelLabel: string;
  submitLabel: string;
  /** A red button: what it does deletes something. */
  danger?: boolean;
  /** More of the form: hidden fields. */
  children?: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={title} closeTo={closeTo} closeLabel={closeLabel}>
      <Form method="post" preventScrollReset>
        {children}
        <Flex direction="column" gap="4">
          <Text as="p" size="3">
            {message}
          </Text>
          <Flex justify="end" gap="3" wrap="wrap">
            <Button asChild variant="soft" color="gray" size="3">
              <Link to={closeTo} preventScrollReset>
                {cancelLabel}
              </Link>
            </Button>
            {/* Red as its soft variant: white on Radix's solid red is under WCAG's 4.5:1. */}
            <Button
              type="submit"
              size="3"
              variant={danger ? "soft" : "solid"}
              color={danger ? "red" : undefined}
              loading={busy}
            >
              {submitLabel}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
