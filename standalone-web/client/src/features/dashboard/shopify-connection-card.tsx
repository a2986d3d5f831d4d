import type { ShopifyConnectionView } from "@postwright/core/contracts";
import { CheckCircle2, ExternalLink, Loader2, Settings2, ShoppingBag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button";
import { CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { useShopifyConnection } from "./dashboard-queries";
import { SiteIndexStatusLine } from "./site-index-status";

// The form (and its blog picker) loads when the dialog first opens.
const ShopifyConnectForm = lazy(() => import("./shopify-connect-form"));

function storeHref(storeUrl: string): string {
  return /^https?:\/\//i.test(storeUrl) ? storeUrl : `https://${storeUrl}`;
}

/** The Shopify card: how to connect a store, or which store and blog posts go to. */
export function ShopifyConnectionCard() {
  const { data: connection, isLoading, isError, refetch } = useShopifyConnection();
  const [open, setOpen] = useState(false);

  return (
    // A region named by its heading (with the card's look), so screen-reader users can list it and jump to it.
    <section
      aria-labelledby="shopify-connection-title"
      className="rounded-xl border border-border bg-card text-card-foreground shadow-sm"
    >
      <CardHeader className="pb-4">
        <CardTitle id="shopify-connection-title" className="flex items-center gap-2">
          <ShoppingBag className="size-5 text-primary" aria-hidden="true" />
          Shopify Connection
        </CardTitle>
        {connection ? (
          <CardDescription className="flex items-center gap-1.5 font-medium text-success">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Connected
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? (
          <div className="grid gap-2" role="status" aria-label="Loading the Shopify connection">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-9 w-40" />
          </div>
        ) : isError ? (
          <div className="grid gap-2 text-sm">
            <p className="text-destructive">The Shopify connection could not be loaded.</p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : connection ? (
          <>
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Store</dt>
                <dd className="truncate font-medium">{connection.storeName}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Store URL</dt>
                <dd className="min-w-0 truncate">
                  <a
                    href={storeHref(connection.storeUrl)}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                  >
                    {connection.storeUrl}
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Target Blog</dt>
                <dd className="font-medium">Blog ID: {connection.blogId}</dd>
              </div>
            </dl>
            <SiteIndexStatusLine platform="shopify" connectionId={connection.id} />
            <Button variant="outline" onClick={() => setOpen(true)} className="justify-self-start">
              <Settings2 aria-hidden="true" />
              Configure Connection
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">Connect your Shopify store to publish blog posts</p>
            <Button onClick={() => setOpen(true)} className="justify-self-start">
              Connect Shopify Store
            </Button>
          </>
        )}
      </CardContent>
      <ShopifyConnectDialog open={open} onOpenChange={setOpen} connection={connection ?? null} />
    </section>
  );
}

export interface ShopifyConnectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  connection: ShopifyConnectionView | null;
}

/** Connects (or reconnects) a store: test the address and token, pick the blog, save. */
export function ShopifyConnectDialog({ open, onOpenChange, connection }: ShopifyConnectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {/* Mounted only while open, so every opening starts from the saved connection. */}
        {open ? (
          <Suspense fallback={<DialogLoading />}>
            <ShopifyConnectForm connection={connection} onDone={() => onOpenChange(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DialogLoading() {
  return (
    <div role="status" className="flex min-h-48 items-center justify-center gap-2 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      Loading...
    </div>
  );
}
