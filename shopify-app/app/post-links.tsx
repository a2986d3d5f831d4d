// The write page's links: pages the merchant wants the post to link to (their own or a source), each with the words
// that describe it. They come first among the post's links, before the store's own pages the core picks. Sent as
// `linkUrl` / `linkDescription` pairs; rows left empty are not sent.
import { BlockStack, Button, InlineGrid, Text, TextField } from "@shopify/polaris";
import { useState } from "react";

/** As many as a post takes (the core's contract says the same). */
const MAX_LINKS = 20;

interface LinkRow {
  key: number;
  url: string;
  description: string;
}

let nextKey = 1;
const emptyRow = (): LinkRow => ({ key: nextKey++, url: "", description: "" });

export function PostLinks() {
  const [rows, setRows] = useState<LinkRow[]>([]);
  const update = (key: number, change: Partial<LinkRow>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <BlockStack gap="200">
      <Text as="p">Links</Text>
      {rows.length === 0 ? (
        <Text as="p" tone="subdued">
          Pages the post should link to, with the words that describe each. Pages of your store are added by themselves.
        </Text>
      ) : null}
      {rows.map((row, index) => (
        <InlineGrid key={row.key} columns={["twoThirds", "oneThird"]} gap="200" alignItems="end">
          <InlineGrid columns={2} gap="200">
            <TextField
              label={`Link ${index + 1} address`}
              name="linkUrl"
              type="url"
              value={row.url}
              onChange={(url) => update(row.key, { url })}
              placeholder="https://"
              autoComplete="off"
            />
            <TextField
              label={`Link ${index + 1} description`}
              name="linkDescription"
              value={row.description}
              onChange={(description) => update(row.key, { description })}
              autoComplete="off"
            />
          </InlineGrid>
          <Button
            variant="tertiary"
            onClick={() => setRows((all) => all.filter((other) => other.key !== row.key))}
            accessibilityLabel={`Remove link ${index + 1}`}
          >
            Remove
          </Button>
        </InlineGrid>
      ))}
      {rows.length < MAX_LINKS ? (
        <div>
          <Button onClick={() => setRows((all) => [...all, emptyRow()])}>Add link</Button>
        </div>
      ) : null}
    </BlockStack>
  );
}

/** The links a write form sent: address and description pairs, rows left entirely empty dropped. */
export function linksFrom(form: FormData): Array<{ url: string; description: string }> {
  const urls = form.getAll("linkUrl").map(String);
  const descriptions = form.getAll("linkDescription").map(String);
  return urls
    .map((url, i) => ({ url, description: descriptions[i] ?? "" }))
    .filter((link) => link.url.trim() || link.description.trim());
}
