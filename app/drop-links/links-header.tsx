import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { IconButton } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";

/** A drop link screen's top: back, the heading, what it belongs to, and the screen's actions. */
export function LinksHeader({
  back,
  backLabel,
  title,
  subtitle,
  children,
}: {
  back: string;
  backLabel: string;
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <IconButton asChild variant="ghost" size="3">
        <Link to={back} aria-label={backLabel}>
          <Icon name="arrow-left" size={20} />
        </Link>
      </IconButton>
      <Flex direction="column" minWidth="0" className="links-heading">
        <Heading as="h1" size="7">
          {title}
        </Heading>
        {subtitle ? (
          <Text size="2" color="gray" truncate>
            {subtitle}
          </Text>
        ) : null}
      </Flex>
      {children}
    </Flex>
  );
}
