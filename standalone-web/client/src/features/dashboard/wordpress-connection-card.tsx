import { zodResolver } from "../../lib/zod-resolver";
import {
  wordpressConnectionSchema,
  type WordpressConnectionInput,
  type WordpressConnectionView,
} from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Globe, Pencil, Unplug } from "lucide-react";
import { useEffect, useState, type InputHTMLAttributes } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Form } from "../../components/ui/form";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../hooks/use-toast";
import { useAccountZone } from "../../lib/account-zone";
import { callRoute, errorMessage } from "../../lib/api";
import { AddressRow, ConnectionCard, DetailRow } from "./connection-card";
import { useWordpressConnection, wordpressConnectionKey } from "./dashboard-queries";
import { formatDateTime } from "./post-format";
import { SiteIndexStatusLine } from "./site-index-status";
import { toastFailure } from "../../lib/failure-toast";

/**
 * The outcome of "Connect with WordPress": the service sends the browser back to the dashboard with
 * ?wordpress=connected or ?wordpress_error=<message>. Shown once as a toast, then removed from the address.
 */
export function useWordpressAuthorizationOutcome() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const connected = params.get("wordpress") === "connected";
  const failure = params.get("wordpress_error");
  useEffect(() => {
    if (!connected && failure === null) return;
    if (connected) {
      toast({ title: "Success", description: "WordPress connection saved successfully" });
      void queryClient.invalidateQueries({ queryKey: wordpressConnectionKey, exact: true });
    } else {
      toast({ title: "Connection failed", description: failure || "Connection test failed", variant: "destructive" });
    }
    void navigate("/", { replace: true });
  }, [connected, failure, navigate, queryClient]);
}

interface WordpressFormValues {
  siteName: string;
  siteUrl: string;
  username: string;
  applicationPassword: string;
}

/** The WordPress card: the connected site, or the form to connect one (site, user, application password). */
export function WordpressConnectionCard() {
  const { data: connection, isLoading, isError, refetch } = useWordpressConnection();
  const [editing, setEditing] = useState(false);

  return (
    <ConnectionCard
      titleId="wordpress-connection-title"
      icon={Globe}
      title="WordPress Connection"
      connected={
        connection ? (connection.via === "plugin" ? "Connected via the Postwright plugin" : "Connected") : null
      }
      notConnected="Connect your WordPress site to publish blog posts"
      isLoading={isLoading}
      isError={isError}
      refetch={refetch}
      loadingLabel="Loading the WordPress connection"
      loadingLines={["h-4 w-3/4", "h-4 w-1/2"]}
      errorText="The WordPress connection could not be loaded."
    >
      {connection && !editing ? (
        <>
          <ConnectedSite connection={connection} />
          <SiteIndexStatusLine platform="wordpress" connectionId={connection.id} />
          {connection.via === "plugin" ? (
            <DisconnectPluginSite connection={connection} />
          ) : (
            <Button variant="outline" className="justify-self-start" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Update Connection
            </Button>
          )}
        </>
      ) : (
        <WordpressConnectionForm
          connection={connection ?? null}
          onSaved={() => setEditing(false)}
          onCancel={connection ? () => setEditing(false) : undefined}
        />
      )}
    </ConnectionCard>
  );
}

function ConnectedSite({ connection }: { connection: WordpressConnectionView }) {
  const zone = useAccountZone();
  return (
    <dl className="grid gap-2 text-sm">
      <DetailRow term="Site">{connection.siteName}</DetailRow>
      <AddressRow term="Site URL" address={connection.siteUrl} />
      {connection.via === "plugin" ? (
        <DetailRow term="Last used">
          {connection.lastUsedAt ? formatDateTime(connection.lastUsedAt, zone) : "Not yet"}
        </DetailRow>
      ) : (
        <DetailRow term="Username">{connection.username}</DetailRow>
      )}
    </dl>
  );
}

/** A site connected through the plugin has no password to update: it can be disconnected, which revokes its access. */
function DisconnectPluginSite({ connection }: { connection: WordpressConnectionView }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const disconnect = useMutation({
    mutationFn: () => callRoute(contract.disconnectWordpressSite, { params: { id: connection.id } }),
    onSuccess: async () => {
      toast({ title: "Disconnected", description: `${connection.siteName} is no longer connected to Postwright.` });
      await queryClient.invalidateQueries({ queryKey: wordpressConnectionKey, exact: true });
    },
    onError: toastFailure("Disconnect failed", "The site could not be disconnected. Please try again."),
  });
  const check = useMutation({
    mutationFn: () => callRoute(contract.checkWordpressPluginSite, { params: { id: connection.id } }),
    onSuccess: (result) => {
      if (result?.valid) {
        toast({ title: "Connection successful!", description: "The Postwright plugin on your site answered." });
      } else {
        toast({
          title: "Connection failed",
          description: result?.message ?? "The Postwright plugin did not answer.",
          variant: "destructive",
        });
      }
    },
    onError: toastFailure("Connection test failed", "The site could not be reached. Please try again."),
  });
  if (!confirming) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => check.mutate()} loading={check.isPending}>
          {check.isPending ? "Testing..." : "Test Connection"}
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <Unplug aria-hidden="true" />
          Disconnect
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-2 text-sm" role="group" aria-label="Confirm disconnecting the site">
      <p>
        Disconnect {connection.siteName}? The Postwright plugin on the site stops working until it is connected again.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="destructive" onClick={() => disconnect.mutate()} loading={disconnect.isPending}>
          Disconnect site
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(false)} disabled={disconnect.isPending}>
          Keep connected
        </Button>
      </div>
    </div>
  );
}

const resolver = zodResolver(wordpressConnectionSchema);

export function WordpressConnectionForm({
  connection,
  onSaved,
  onCancel,
}: {
  connection: WordpressConnectionView | null;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<WordpressFormValues, unknown, WordpressConnectionInput>({
    resolver,
    defaultValues: {
      siteName: connection?.siteName ?? "",
      siteUrl: connection?.siteUrl ?? "",
      username: connection?.username ?? "",
      applicationPassword: "",
    },
  });

  const test = useMutation({
    mutationFn: (values: WordpressFormValues) =>
      callRoute(contract.testWordpressConnection, { body: { ...values, isActive: true } }),
    onSuccess: (result) => {
      if (!result?.valid) {
        toast({
          title: "Connection failed",
          description: ["Please check your credentials and try again.", result?.message].filter(Boolean).join(" "),
          variant: "destructive",
        });
        return;
      }
      toast({
        title: "Connection successful!",
        description: result.user ? `Signed in to WordPress as ${result.user.name}.` : "Your WordPress site answered.",
      });
    },
    onError: toastFailure(
      "Connection test failed",
      "The site could not be reached. Please check the URL and try again.",
    ),
  });

  const save = useMutation({
    mutationFn: (values: WordpressConnectionInput) => callRoute(contract.saveWordpressConnection, { body: values }),
    onSuccess: async () => {
      toast({ title: "Success", description: "WordPress connection saved successfully" });
      await queryClient.invalidateQueries({ queryKey: wordpressConnectionKey, exact: true });
      onSaved?.();
    },
    onError: toastFailure("Connection failed", "Connection test failed"),
  });

  const authorize = useMutation({
    mutationFn: (values: { siteName: string; siteUrl: string }) =>
      callRoute(contract.startWordpressAuthorization, { body: values }),
    onSuccess: (result) => {
      if (result?.authorizeUrl) window.location.assign(result.authorizeUrl);
    },
    onError: (error) => {
      toast({
        title: "Connection failed",
        description: errorMessage(
          error,
          "The WordPress site could not be reached. Please check the URL and try again.",
        ),
        variant: "destructive",
      });
    },
  });

  function connectWithWordpress() {
    const values = form.getValues();
    if (!values.siteName.trim() || !values.siteUrl.trim()) {
      toast({
        title: "Missing information",
        description: "Please fill in the site name and site URL first",
        variant: "destructive",
      });
      return;
    }
    authorize.mutate({ siteName: values.siteName.trim(), siteUrl: values.siteUrl.trim() });
  }

  function runTest() {
    const values = form.getValues();
    if (!values.siteUrl.trim() || !values.username.trim() || !values.applicationPassword.trim()) {
      toast({
        title: "Missing information",
        description: "Please fill in all required fields before testing",
        variant: "destructive",
      });
      return;
    }
    test.mutate({
      siteName: values.siteName.trim(),
      siteUrl: values.siteUrl.trim(),
      username: values.username.trim(),
      applicationPassword: values.applicationPassword.trim(),
    });
  }

  const field = (
    name: keyof WordpressFormValues,
    label: string,
    props: Omit<InputHTMLAttributes<HTMLInputElement>, "name">,
  ) => <TextField control={form.control} name={name} label={label} {...props} />;

  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-4">
        {field("siteName", "Site Name", { placeholder: "My Blog", autoComplete: "organization" })}
        {field("siteUrl", "Site URL", { placeholder: "https://example.com", inputMode: "url", autoComplete: "url" })}
        <div
          className="grid gap-2 rounded-lg border border-border p-3"
          role="group"
          aria-label="Connect with WordPress"
        >
          <p className="text-xs leading-relaxed text-muted-foreground">
            On an https site, WordPress can give Postwright access itself: you approve it in WordPress and come back
            here, with no password to copy.
          </p>
          <Button
            type="button"
            className="justify-self-start"
            onClick={connectWithWordpress}
            loading={authorize.isPending}
          >
            {authorize.isPending ? "Opening WordPress..." : "Connect with WordPress"}
          </Button>
        </div>
        <p className="text-xs font-medium text-muted-foreground">Or paste an application password:</p>
        {field("username", "Username", { placeholder: "WordPress username", autoComplete: "username" })}
        {field("applicationPassword", "Application Password", {
          type: "password",
          placeholder: "xxxx xxxx xxxx xxxx xxxx xxxx",
          autoComplete: "off",
          spellCheck: false,
        })}
        <p className="rounded-lg bg-muted/60 p-3 text-xs leading-relaxed text-muted-foreground">
          Create an application password in WordPress under{" "}
          <strong className="text-foreground">Users → Profile → Application Passwords</strong>: type a name such as
          &ldquo;Postwright&rdquo;, choose <strong className="text-foreground">Add New Application Password</strong> and
          paste the password shown here, with the username of that same account.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={runTest} loading={test.isPending}>
            {test.isPending ? "Testing..." : "Test Connection"}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? "Saving..." : "Save Connection"}
          </Button>
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </Form>
  );
}
