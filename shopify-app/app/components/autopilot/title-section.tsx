import { BlockStack, Divider, Text } from "@shopify/polaris";
import { titleCount } from "../../autopilot-format";
import { HeadedCard } from "./headed-card";
import { TitleRow } from "./title-row";
import type { LoadedItem } from "./types";

/** The titles of one list (to review, upcoming…) on this page, headed by how many the plan has in all. */
export function TitleSection({
  title,
  count,
  empty,
  items,
}: {
  title: string;
  count: number;
  empty: string;
  items: LoadedItem[];
}) {
  return (
    <HeadedCard title={count ? `${title} (${titleCount(count)})` : title} gap="300">
      {items.length === 0 ? (
        <Text as="p" tone="subdued">
          {count ? "None on this page of titles." : empty}
        </Text>
      ) : (
        items.map((item, index) => (
          <BlockStack key={item.id} gap="300">
            {index > 0 ? <Divider /> : null}
            <TitleRow item={item} />
          </BlockStack>
        ))
      )}
    </HeadedCard>
  );
}
