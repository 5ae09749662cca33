import { Card, Flex, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** The narrow card every account page sits in. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Flex justify="center" className="page">
      <Card size="4" className="auth-card">
        <Flex direction="column" gap="5">
          <Heading as="h1" size="7">
            {title}
          </Heading>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}
