import type { SessionView } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { formatInZone } from "@postwright/core/scheduling/zoned-time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MonitorSmartphone } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { TitledCard } from "../../components/ui/titled-card";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../hooks/use-toast";
import { useAccountZone } from "../../lib/account-zone";
import { callRoute, errorMessage, routeQuery, routeQueryKey } from "../../lib/api";
import { useSignedOut } from "./use-signed-out";
import { toastFailure } from "../../lib/failure-toast";

export const sessionsQueryKey = routeQueryKey(contract.listSessions);

/** A moment of a session in the account's time zone, "Nov 1, 2026, 7:00 PM". */
const when = (iso: string, zone: string) =>
  formatInZone(iso, zone, { dateStyle: "medium", timeStyle: "short" }, "en-US");

/** A short name for a browser from its user agent ("Chrome on Windows"); the full text is in the title. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad/.test(userAgent)
        ? "iOS"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** Where the account is signed in, with a way to end any one session or all of them. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const signedOut = useSignedOut();
  const zone = useAccountZone();
  const sessions = useQuery(routeQuery(contract.listSessions));
  const end = useMutation({
    mutationFn: (session: SessionView) => callRoute(contract.endSession, { params: { id: session.id } }),
    onSuccess: async (data, session) => {
      toast({ title: "Session ended", description: data.message });
      if (session.current) signedOut();
      else await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
    onError: toastFailure("Could not end the session", "Please try again."),
  });
  const everywhere = useMutation({
    mutationFn: () => callRoute(contract.signOutEverywhere),
    onSuccess: (data) => {
      toast({ title: "Signed out everywhere", description: data.message });
      signedOut();
    },
    onError: toastFailure("Could not sign out everywhere", "Please try again."),
  });

  return (
    <TitledCard
      icon={MonitorSmartphone}
      title="Sessions"
      description="Where your account is signed in. A session ends after 30 days without use, and 90 days after signing in at the latest."
      contentClassName="grid gap-4"
    >
      {sessions.data ? (
        <ul className="grid gap-3" aria-label="Signed-in sessions">
          {sessions.data.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3"
            >
              <div className="grid gap-0.5 text-sm">
                <p className="flex items-center gap-2 font-medium" title={session.userAgent ?? undefined}>
                  {deviceName(session.userAgent)}
                  {session.current ? <Badge variant="secondary">This device</Badge> : null}
                </p>
                <p className="text-muted-foreground">
                  {session.ipAddress ?? "Unknown address"} · Signed in {when(session.createdAt, zone)} · Last seen{" "}
                  {when(session.lastSeenAt, zone)}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                loading={end.isPending && end.variables?.id === session.id}
                onClick={() => end.mutate(session)}
                // The name starts with the visible words, as speech input users say them.
                aria-label={
                  session.current
                    ? `Sign out: ${deviceName(session.userAgent)} (this device)`
                    : `End session: ${deviceName(session.userAgent)}`
                }
              >
                {session.current ? "Sign Out" : "End Session"}
              </Button>
            </li>
          ))}
        </ul>
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(sessions.error, "We could not load your sessions. Please reload the page.")}
        </p>
      ) : (
        <Skeleton className="h-20" />
      )}
      <Button
        variant="outline"
        className="justify-self-start"
        loading={everywhere.isPending}
        onClick={() => everywhere.mutate()}
      >
        Sign Out Everywhere
      </Button>
    </TitledCard>
  );
}
