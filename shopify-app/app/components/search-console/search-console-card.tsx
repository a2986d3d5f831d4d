// Search Console on Your posts: connect it (Google's consent screen, opened in the whole admin window since Google
// refuses to be framed), its state (reading, last read, or "reconnect" when Google stopped accepting the access), the
// property read for the store (chosen here when none matched the store's address, or changed), and disconnecting.
// Without a Google client on the server it says so instead of offering a button that cannot work.
import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Banner, BlockStack, Button, Card, InlineStack, Select, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import type { SearchConsoleStatus } from "@postwright/core/contracts";
import {
  propertyChoice,
  readingFigures,
  siteOffNote,
  type SearchConsoleConnectionView as Connection,
} from "@postwright/core/contracts/search-console-view";
import { storeTime } from "../../store-time";

type Answer = { intent?: string; message?: string; status?: number };

const DESCRIPTION = "Clicks, impressions and position from Google for each article, and what people search for.";

/** A form of the card, with its answer told in Shopify admin's toast when it worked and under it when it did not. */
function useCardFetcher() {
  const fetcher = useFetcher<Answer>();
  const shopify = useAppBridge();
  const answer = fetcher.data;
  useEffect(() => {
    if (answer && !("status" in answer) && answer.message) shopify.toast.show(answer.message);
  }, [answer, shopify]);
  const failure = fetcher.state === "idle" && answer && "status" in answer ? answer.message : undefined;
  return { fetcher, pending: fetcher.state !== "idle", failure };
}

export function SearchConsoleCard({ status, timeZone }: { status: SearchConsoleStatus; timeZone: string }) {
  const connect = useCardFetcher();
  const disconnect = useCardFetcher();
  const connection = status.connection;
  const connectButton = (label: string) => (
    <InlineStack>
      <Button
        variant="primary"
        loading={connect.pending}
        disabled={!status.configured}
        onClick={() => connect.fetcher.submit({ intent: "search-console-connect" }, { method: "post" })}
      >
        {label}
      </Button>
    </InlineStack>
  );
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Search Console
          </Text>
          <Text as="p" tone="subdued">
            {DESCRIPTION}
          </Text>
        </BlockStack>
        {connect.failure ? <Banner tone="critical" title={connect.failure} /> : null}
        {!connection ? (
          status.configured ? (
            <>
              <Text as="p">
                Connect the Google account that has your store in Search Console. Postwright asks for read-only access,
                reads the last 28 days against the 28 before every day, and shows which articles are losing visitors.
                Google&apos;s approval opens in the whole window and brings you back here.
              </Text>
              {connectButton("Connect Search Console")}
            </>
          ) : (
            <>
              {connectButton("Connect Search Console")}
              <Text as="p" tone="subdued">
                Search Console is not set up on this server: its administrator has to add a Google OAuth client
                (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). Everything else on this page works without it.
              </Text>
            </>
          )
        ) : (
          <>
            {connection.state === "reconnect" ? (
              <Banner tone="critical" title="Search Console needs to be connected again.">
                <BlockStack gap="200">
                  {connection.error ? <p>{connection.error}</p> : null}
                  {connectButton("Reconnect Search Console")}
                </BlockStack>
              </Banner>
            ) : connection.state === "off" ? (
              <Banner tone="warning" title={siteOffNote(connection.platform)} />
            ) : (
              <ReadingState connection={connection} timeZone={timeZone} />
            )}
            <PropertyChoice connection={connection} />
            {disconnect.failure ? <Banner tone="critical" title={disconnect.failure} /> : null}
            <InlineStack>
              <Button
                loading={disconnect.pending}
                onClick={() => disconnect.fetcher.submit({ intent: "search-console-disconnect" }, { method: "post" })}
              >
                Disconnect Search Console
              </Button>
            </InlineStack>
          </>
        )}
      </BlockStack>
    </Card>
  );
}

function ReadingState({ connection, timeZone }: { connection: Connection; timeZone: string }) {
  if (!connection.property) return null;
  const busy = readingFigures(connection);
  return (
    <BlockStack gap="100">
      <Text as="p">
        Reading{" "}
        <Text as="span" fontWeight="semibold">
          {connection.property}
        </Text>
      </Text>
      <Text as="p" tone="subdued">
        {busy
          ? "Reading your figures from Google... Reload the page in a moment."
          : connection.readAt
            ? `Figures read ${storeTime(connection.readAt, timeZone)}; read again every day.`
            : ""}
      </Text>
      {connection.reading === "failed" && connection.error ? (
        <Text as="p" tone="critical">
          {connection.error} We try again by ourselves.
        </Text>
      ) : null}
    </BlockStack>
  );
}

function PropertyChoice({ connection }: { connection: Connection }) {
  const choose = useCardFetcher();
  const choice = propertyChoice(connection);
  const [chosen, setChosen] = useState(choice.initial);
  if (choice.kind === "none") {
    return (
      <Text as="p" tone="subdued">
        Your Google account has no Search Console property it can read. Add your store in Search Console, then connect
        again.
      </Text>
    );
  }
  if (choice.kind === "hidden") return null;
  return (
    <BlockStack gap="200">
      {choice.unmatched ? (
        <Text as="p">
          None of your Search Console properties matches this store&apos;s address. Choose the one that holds it.
        </Text>
      ) : null}
      <Select label="Search Console property" options={choice.options} value={chosen} onChange={setChosen} />
      {choose.failure ? <Banner tone="critical" title={choose.failure} /> : null}
      <InlineStack>
        <Button
          loading={choose.pending}
          disabled={!chosen || chosen === connection.property}
          onClick={() =>
            choose.fetcher.submit({ intent: "search-console-property", siteUrl: chosen }, { method: "post" })
          }
        >
          Use this property
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
