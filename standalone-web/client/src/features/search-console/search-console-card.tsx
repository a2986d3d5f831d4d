// Search Console on "Your posts" for the site shown (each of the member's sites has its own connection): connect it
// (Google's consent screen), its state (reading, last read, or "reconnect" when Google stopped accepting the access),
// the property read for the site (chosen here when none matched the site's address, or changed), and disconnecting. Without a Google client on the server it says so instead of offering a
// button that cannot work.
import type { SearchConsoleStatus } from "@postwright/core/contracts";
import {
  propertyChoice,
  readingFigures,
  siteOffNote,
  type SearchConsoleConnectionView as Connection,
} from "@postwright/core/contracts/search-console-view";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LineChart } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { TitledCard } from "../../components/ui/titled-card";
import { toast } from "../../hooks/use-toast";
import { useAccountZone } from "../../lib/account-zone";
import { callRoute, errorMessage, routeQueryKey } from "../../lib/api";
import { formatDateTime } from "../dashboard/post-format";

const selectClass =
  "h-10 w-full max-w-md rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function SearchConsoleCard({
  status,
  platform,
}: {
  status: SearchConsoleStatus;
  platform: "shopify" | "wordpress";
}) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: routeQueryKey(contract.getSearchConsole, { query: { platform } }) }),
      queryClient.invalidateQueries({ queryKey: ["/api/site-posts"] }),
      queryClient.invalidateQueries({
        queryKey: routeQueryKey(contract.listSearchConsoleIdeas, { query: { platform } }),
      }),
    ]);
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, "Please try again."), variant: "destructive" });
  const connect = useMutation({
    mutationFn: () => callRoute(contract.startSearchConsoleConnect, { body: { platform } }),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
    onError: failed("Search Console could not be connected"),
  });
  const choose = useMutation({
    mutationFn: (siteUrl: string) => callRoute(contract.chooseSearchConsoleProperty, { body: { siteUrl, platform } }),
    onSuccess: async () => {
      toast({ title: "Property chosen: its figures are read now" });
      await refresh();
    },
    onError: failed("The property could not be chosen"),
  });
  const disconnect = useMutation({
    mutationFn: () => callRoute(contract.disconnectSearchConsole, { query: { platform } }),
    onSuccess: async () => {
      toast({ title: "Search Console disconnected" });
      await refresh();
    },
    onError: failed("Search Console could not be disconnected"),
  });
  const connection = status.connection;

  const description = "Clicks, impressions and position from Google for each post, and what people search for.";
  if (!connection) {
    return (
      <TitledCard icon={LineChart} title="Search Console" description={description} contentClassName="grid gap-3">
        {status.configured ? (
          <>
            <p className="max-w-2xl text-sm text-muted-foreground">
              Connect the Google account that has your site in Search Console. Postwright asks for read-only access,
              reads the last 28 days against the 28 before every day, and shows which posts are losing visitors.
            </p>
            <div>
              <Button onClick={() => connect.mutate()} disabled={connect.isPending}>
                {connect.isPending ? "Opening Google..." : "Connect Search Console"}
              </Button>
            </div>
          </>
        ) : (
          <>
            <div>
              <Button disabled aria-describedby="search-console-unavailable">
                Connect Search Console
              </Button>
            </div>
            <p id="search-console-unavailable" className="max-w-2xl text-sm text-muted-foreground">
              Search Console is not set up on this server: its administrator has to add a Google OAuth client
              (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). Everything else on this page works without it.
            </p>
          </>
        )}
      </TitledCard>
    );
  }

  return (
    <TitledCard icon={LineChart} title="Search Console" description={description} contentClassName="grid gap-4">
      {connection.state === "reconnect" ? (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive-soft p-3 text-sm"
        >
          <p className="font-medium">Search Console needs to be connected again.</p>
          {connection.error ? <p>{connection.error}</p> : null}
          <div>
            <Button onClick={() => connect.mutate()} disabled={connect.isPending || !status.configured}>
              {connect.isPending ? "Opening Google..." : "Reconnect Search Console"}
            </Button>
          </div>
        </div>
      ) : connection.state === "off" ? (
        <p role="status" className="rounded-lg border border-border bg-muted/30 p-3 text-sm">
          {siteOffNote(connection.platform)}
        </p>
      ) : (
        <ReadingState connection={connection} />
      )}
      <PropertyChoice
        connection={connection}
        pending={choose.isPending}
        onChoose={(siteUrl) => choose.mutate(siteUrl)}
      />
      <div>
        <Button variant="outline" onClick={() => disconnect.mutate()} disabled={disconnect.isPending}>
          {disconnect.isPending ? "Disconnecting..." : "Disconnect Search Console"}
        </Button>
      </div>
    </TitledCard>
  );
}

function ReadingState({ connection }: { connection: Connection }) {
  const zone = useAccountZone();
  if (!connection.property) return null;
  const busy = readingFigures(connection);
  return (
    <div className="grid gap-1 text-sm">
      <p>
        Reading <span className="font-medium">{connection.property}</span>
      </p>
      <p role="status" aria-live="polite" className="text-muted-foreground">
        {busy
          ? "Reading your figures from Google..."
          : connection.readAt
            ? `Figures read ${formatDateTime(connection.readAt, zone)}; read again every day.`
            : null}
      </p>
      {connection.reading === "failed" && connection.error ? (
        <p role="alert" className="text-destructive">
          {connection.error} We try again by ourselves.
        </p>
      ) : null}
    </div>
  );
}

function PropertyChoice({
  connection,
  pending,
  onChoose,
}: {
  connection: Connection;
  pending: boolean;
  onChoose: (siteUrl: string) => void;
}) {
  const choice = propertyChoice(connection);
  const [chosen, setChosen] = useState(choice.initial);
  if (choice.kind === "none") {
    return (
      <p className="text-sm text-muted-foreground">
        Your Google account has no Search Console property it can read. Add your site in Search Console, then connect
        again.
      </p>
    );
  }
  if (choice.kind === "hidden") return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onChoose(chosen);
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      {choice.unmatched ? (
        <p className="text-sm">
          None of your Search Console properties matches this site&apos;s address. Choose the one that holds it.
        </p>
      ) : null}
      <label htmlFor="search-console-property" className="text-sm font-medium">
        Search Console property
      </label>
      <select
        id="search-console-property"
        className={selectClass}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
      >
        {choice.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <div>
        <Button type="submit" disabled={pending || !chosen || chosen === connection.property}>
          {pending ? "Saving..." : "Use this property"}
        </Button>
      </div>
    </form>
  );
}
