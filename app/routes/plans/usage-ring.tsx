import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { formatFileSize, usageColour, usagePercent } from "#domain/format.ts";

const SIZE = 88;
const STROKE = 10;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A usage ring (docs/product.md#display): an SVG drawn on the server, so it shows without
 * JavaScript; green under 70 %, amber under 90 %, red from there. The figure's caption says the
 * same in words, which is what screen readers read.
 */
export function UsageRing({
  label,
  usedBytes,
  limitBytes,
  detail,
}: {
  label: string;
  usedBytes: number;
  limitBytes: number;
  /** A line under the figures: the period counted. */
  detail?: string;
}) {
  const { t, i18n } = useTranslation("plans");
  const percent = usagePercent(usedBytes, limitBytes);
  const used = formatFileSize(usedBytes, i18n.language);
  const shown = percent === null ? null : Math.min(100, Math.round(percent));
  const filled = percent === null ? 0 : Math.min(1, percent / 100) * CIRCUMFERENCE;
  const summary =
    shown === null
      ? t("usage.summaryUnlimited", { what: label, used })
      : t("usage.summary", {
          what: label,
          used,
          limit: formatFileSize(limitBytes, i18n.language),
          percent: shown,
        });
  return (
    <figure className="usage-ring" data-level={usageColour(usedBytes, limitBytes)}>
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        aria-hidden="true"
        focusable="false"
      >
        <circle className="usage-ring-track" cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} />
        <circle
          className="usage-ring-fill"
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          strokeDasharray={`${filled} ${CIRCUMFERENCE}`}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
        />
        <text x="50%" y="50%" dominantBaseline="central" textAnchor="middle">
          {shown === null ? "∞" : t("usage.percent", { percent: shown })}
        </text>
      </svg>
      <Flex asChild direction="column" gap="1">
        <figcaption>
          <span className="visually-hidden">{summary}</span>
          <Text weight="bold" size="3" aria-hidden="true">
            {label}
          </Text>
          <Text size="2" color="gray" aria-hidden="true">
            {shown === null
              ? t("usage.unlimited", { used })
              : t("usage.ofLimit", { used, limit: formatFileSize(limitBytes, i18n.language) })}
          </Text>
          {detail && (
            <Text size="1" color="gray">
              {detail}
            </Text>
          )}
        </figcaption>
      </Flex>
    </figure>
  );
}
