import { BlockStack, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/** A card of the plan's page: its heading, then what it holds. */
export function HeadedCard({ title, gap, children }: { title: string; gap: "100" | "300"; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap={gap}>
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}
