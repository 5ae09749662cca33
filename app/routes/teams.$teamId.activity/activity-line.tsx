import { Icon, type IconName } from "#app/components/icon.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import type { TFunction } from "#app/i18n/translator.ts";
import type { ActivityItem } from "#app/services/api/activity.server.ts";
import { dateTimeFormat } from "#domain/format.ts";

const TARGET_ICONS: Record<ActivityItem["target"]["type"], IconName> = {
  file: "file",
  collection: "stack",
  team: "target",
  member: "person",
  alias: "star-filled",
  dropLink: "upload",
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3 hours ago" within a week of `now`, else the day and time, in the visitor's language. */
export function whenText(at: number, now: number, language: string) {
  const ago = now - at;
  if (ago >= 0 && ago < 7 * DAY) {
    const relative = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
    if (ago < MINUTE) return relative.format(0, "second");
    if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), "minute");
    if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), "hour");
    return relative.format(-Math.floor(ago / DAY), "day");
  }
  return dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(at);
}

/** The values an entry's sentence fills in: names as they were, roles and modes translated. */
function sentenceValues(item: ActivityItem, t: TFunction) {
  const { detail } = item;
  const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));
  const role = (value: unknown) => (value ? t(`teams:roles.${String(value)}`) : "");
  const translated = (value: unknown) => {
    if (item.kind === "memberRoleChanged") return role(value);
    if (item.kind === "teamModeChanged") return t(`teams:modes.${text(value)}`);
    if (item.kind === "teamPlanChanged")
      return t(`plans:names.${text(value)}`, { defaultValue: text(value) });
    return text(value);
  };
  return {
    actor: item.actor?.nickname ?? t("someone"),
    target: item.target.name ?? "",
    from: translated(detail.from),
    to: translated(detail.to),
    email: text(detail.email) || (item.target.name ?? ""),
    role: role(detail.role),
    count: typeof detail.count === "number" ? detail.count : undefined,
    // A guest's file names the guest (or "a guest") and the drop link it came through.
    guest: text(detail.guestName) || t("guest"),
    link: text(detail.linkTitle),
  };
}

/** One entry: its target's icon, a sentence, and when (relative, the exact time on hover). */
export function ActivityLine({
  item,
  now,
  t,
  language,
}: {
  item: ActivityItem;
  now: number;
  t: TFunction;
  language: string;
}) {
  const exact = dateTimeFormat(language, { dateStyle: "full", timeStyle: "short" }).format(item.at);
  return (
    <Flex gap="3" align="start" className="activity-line">
      <span className="activity-icon" title={t(`targets.${item.target.type}`)}>
        <Icon name={TARGET_ICONS[item.target.type]} />
      </span>
      <Flex direction="column" gap="1" flexGrow="1" className="activity-text">
        <Text size="2">{t(`kinds.${item.kind}`, sentenceValues(item, t))}</Text>
        <Text size="1" color="gray">
          <time dateTime={new Date(item.at).toISOString()} title={exact} suppressHydrationWarning>
            {whenText(item.at, now, language)}
          </time>
        </Text>
      </Flex>
    </Flex>
  );
}
