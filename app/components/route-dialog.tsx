import { Link, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { IconButton } from "#app/components/button.tsx";
import { Flex, Heading } from "#app/components/layout.tsx";
import { Icon } from "./icon.tsx";

/**
 * A dialog that is a route (`/profile/avatar` over `/profile`), so it opens from a plain link
 * and its forms post without JavaScript. The server renders an open <dialog> over a backdrop;
 * in the browser it becomes modal (focus kept inside, Escape closes it). Closing goes back to
 * `closeTo`; while `locked` (an upload in progress) it cannot be closed.
 */
export function RouteDialog({
  title,
  closeTo,
  closeLabel,
  locked = false,
  children,
}: {
  title: ReactNode;
  closeTo: string;
  closeLabel: string;
  locked?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
  }, []);
  return (
    <div className="route-dialog-backdrop">
      <dialog
        ref={ref}
        open
        className="route-dialog"
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          if (!locked) navigate(closeTo, { preventScrollReset: true });
        }}
      >
        <Flex justify="between" align="start" gap="3" mb="4">
          <Heading as="h2" size="5" id={titleId}>
            {title}
          </Heading>
          {locked ? (
            <IconButton variant="ghost" color="gray" disabled aria-label={closeLabel}>
              <Icon name="cross-2" />
            </IconButton>
          ) : (
            <IconButton asChild variant="ghost" color="gray">
              <Link to={closeTo} preventScrollReset aria-label={closeLabel}>
                <Icon name="cross-2" />
              </Link>
            </IconButton>
          )}
        </Flex>
        {children}
      </dialog>
    </div>
  );
}
