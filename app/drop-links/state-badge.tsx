import { Badge } from "#app/components/badge.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { DropLink } from "#app/services/api/drop-links.server.ts";
import { STATE_COLORS } from "./link-rows.ts";

/** A link's state: open, paused, revoked or expired, each in its own colour. */
export function StateBadge({ state }: { state: DropLink["state"] }) {
  const { t } = useTranslation("links");
  return (
    <Badge size="2" color={STATE_COLORS[state]} highContrast data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
}
