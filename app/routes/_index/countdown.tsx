import { useEffect, useState } from "react";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const SECOND = 1000;
const UNITS = [
  ["days", 24 * 60 * 60 * SECOND],
  ["hours", 60 * 60 * SECOND],
  ["minutes", 60 * SECOND],
  ["seconds", SECOND],
] as const;

/** Whole days, hours, minutes and seconds in `ms`. */
export function remaining(ms: number) {
  let rest = Math.max(0, Math.floor(ms / SECOND) * SECOND);
  return UNITS.map(([unit, size]) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return { unit, count };
  });
}

/**
 * The countdown to the launch (docs/product.md#landing): the time left when the page was made, so
 * it shows without JavaScript; with it, it ticks every second, and it is gone at zero.
 */
export function Countdown({ launchAt, renderedAt }: { launchAt: number; renderedAt: number }) {
  const { t } = useTranslation("landing");
  // The server's instant first, so hydration matches what the server drew.
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    const tick = () => {
      const at = Date.now();
      setNow(at);
      // No ticks past the launch.
      if (at >= launchAt) clearInterval(timer);
    };
    const timer = setInterval(tick, SECOND);
    tick();
    return () => clearInterval(timer);
  }, [launchAt]);
  const left = launchAt - now;
  if (left <= 0) return null;
  return (
    <Flex direction="column" gap="1" className="countdown" data-testid="countdown">
      <Text size="2" color="gray">
        {t("countdown.label")}
      </Text>
      {/* Read once, not every second: screen readers are not told of each tick. */}
      <Flex gap="3" wrap="wrap" aria-live="off">
        {remaining(left).map(({ unit, count }) => (
          <Text key={unit} size="5" weight="bold" className="countdown-unit">
            {t(`countdown.${unit}`, { count })}
          </Text>
        ))}
      </Flex>
    </Flex>
  );
}
