// The Postwright WordPress plugin's "Connect to Postwright" lands here with the site's address, its REST API root, a
// state and the wp-admin page to return to. Visitors sign in or sign up first and come back to this same address;
// members see which site asks and approve or cancel. Approving asks the server for the return address with a one-time
// code; cancelling returns with postwright_error=access_denied. Only http(s) addresses are accepted, and a return
// address on another site than the one named is never followed: before showing the question the page asks the server
// to check the addresses (the preview, which also names the connected site a plan with one site would turn off),
// and Cancel returns only to the address the server checked.
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Globe } from "lucide-react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { AuthShell } from "../components/auth/auth-shell";
import { Button } from "../components/ui/button";
import { useAuth } from "../hooks/use-auth";
import { usePageTitle } from "../hooks/use-page-title";
import { ApiError, callRoute, errorMessage, routeQuery } from "../lib/api";
import { forgetReturnTo, rememberReturnTo } from "../lib/return-to";

interface ConnectRequest {
  siteUrl: string;
  restUrl: string;
  state: string;
  returnUrl: string;
  host: string;
  /** The site's title from the link (trimmed, at most 200 characters), else its host. */
  name: string;
}

const SITE_NAME_MAX = 200;

function siteName(title: string | null, host: string): string {
  const clean = (title ?? "").replace(/\p{Cc}+/gu, " ").trim();
  return clean ? Array.from(clean).slice(0, SITE_NAME_MAX).join("").trim() : host;
}

function readRequest(params: URLSearchParams): ConnectRequest | null {
  const siteUrl = params.get("site_url") ?? "";
  const restUrl = params.get("rest_url") ?? "";
  const state = params.get("state") ?? "";
  const returnUrl = params.get("return_url") ?? "";
  if (!siteUrl || !restUrl || !state || !returnUrl) return null;
  try {
    const site = new URL(siteUrl);
    const back = new URL(returnUrl);
    // A javascript: or data: address has the origin "null", like any other of them: only web addresses are compared.
    if (![site, back, new URL(restUrl)].every((url) => url.protocol === "https:" || url.protocol === "http:"))
      return null;
    if (back.origin !== site.origin) return null;
    return { siteUrl, restUrl, state, returnUrl, host: site.host, name: siteName(params.get("site_name"), site.host) };
  } catch {
    return null;
  }
}

function InvalidLink({ reason }: { reason?: string }) {
  return (
    <AuthShell title="This connection link is not valid" description="Postwright cannot connect this site.">
      <p className="text-sm text-muted-foreground" role="alert">
        {reason ??
          "The link is incomplete, or it would send you back to another site than the one asking to connect. Start again from the Postwright page in your WordPress admin."}
      </p>
    </AuthShell>
  );
}

/** returnUrl + ("?" or "&") + the parameters. */
function withQuery(address: string, params: Record<string, string>): string {
  return `${address}${address.includes("?") ? "&" : "?"}${new URLSearchParams(params).toString()}`;
}

export function ConnectWordpressPage() {
  usePageTitle("Connect WordPress");
  const [params] = useSearchParams();
  const { isAuthenticated, isLoading, user } = useAuth();
  const request = readRequest(params);

  if (!request) return <InvalidLink />;
  if (isLoading) return null;
  if (!isAuthenticated) return <SignInFirst host={request.name} />;
  return <Approval request={request} email={user?.email ?? ""} />;
}

function SignInFirst({ host }: { host: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const go = (to: string) => {
    rememberReturnTo(`${location.pathname}${location.search}`);
    navigate(to);
  };
  return (
    <AuthShell
      title={`Connect ${host} to Postwright`}
      description="Log in to your Postwright account, or create one, to connect your WordPress site."
    >
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => go("/login")}>Log in</Button>
        <Button variant="outline" onClick={() => go("/register")}>
          Create an account
        </Button>
      </div>
    </AuthShell>
  );
}

function Approval({ request, email }: { request: ConnectRequest; email: string }) {
  // Signed in and here: the way back from the sign-in page is used up.
  useEffect(() => forgetReturnTo(), []);
  const preview = useQuery({
    ...routeQuery(contract.previewWordpressPluginConnection, {
      query: { siteUrl: request.siteUrl, restUrl: request.restUrl, returnUrl: request.returnUrl },
    }),
    retry: false,
  });
  const approve = useMutation({
    mutationFn: () =>
      callRoute(contract.approveWordpressPluginConnection, {
        body: {
          siteUrl: request.siteUrl,
          restUrl: request.restUrl,
          state: request.state,
          returnUrl: request.returnUrl,
        },
      }),
    onSuccess: (result) => window.location.assign(result.redirectUrl),
  });
  if (preview.isPending) return null;
  // The server refused the addresses: the link is not followed, not even by Cancel.
  if (preview.error instanceof ApiError && preview.error.status === 400) {
    return <InvalidLink reason={errorMessage(preview.error, "")} />;
  }
  // Otherwise (a full plan, for example) the addresses passed the same check before the plan was looked at.
  const returnUrl = preview.data?.site.returnUrl ?? request.returnUrl;
  const replaces = preview.data?.replaces ?? null;
  const replacedName = replaces ? replaces.siteName.trim() || replaces.host : "";
  const cancel = () =>
    window.location.assign(withQuery(returnUrl, { postwright_error: "access_denied", state: request.state }));
  const failure = approve.isError ? approve.error : preview.isError ? preview.error : null;

  return (
    <AuthShell
      title={`Connect ${request.name} to your Postwright account?`}
      description={
        <>
          The Postwright plugin on <strong className="text-foreground">{request.siteUrl}</strong> will write posts with
          your plan{email ? ` (${email})` : ""}, and Postwright will be able to publish to this site.
        </>
      }
    >
      <div className="grid gap-4">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Globe className="size-4 text-primary" aria-hidden="true" />
          You can disconnect the site at any time, from WordPress or from your dashboard.
        </p>
        {replaces ? (
          <p
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="replaces"
          >
            Your plan connects one WordPress site. Approving turns off <strong>{replacedName}</strong>, the site
            connected now: its content plans stay with it, paused, and nothing of it moves to {request.name}. Connect{" "}
            {replacedName} again later to use it, or upgrade to keep both.
          </p>
        ) : null}
        {failure ? (
          <p className="text-sm text-destructive" role="alert">
            {errorMessage(failure, "The site could not be connected. Please try again.")}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => approve.mutate()}
            loading={approve.isPending || approve.isSuccess}
            disabled={preview.isError}
          >
            Approve
          </Button>
          <Button variant="outline" onClick={cancel} disabled={approve.isPending || approve.isSuccess}>
            Cancel
          </Button>
        </div>
      </div>
    </AuthShell>
  );
}
