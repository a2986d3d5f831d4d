import type { ShopifyConnectionView } from "@postwright/core/contracts";
import { Loader2, Settings2, ShoppingBag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { AddressRow, ConnectionCard, DetailRow } from "./connection-card";
import { useShopifyConnection } from "./dashboard-queries";
import { SiteIndexStatusLine } from "./site-index-status";

// The form (and its blog picker) loads when the dialog first opens.
const ShopifyConnectForm = lazy(() => import("./shopify-connect-form"));

/** The Shopify card: how to connect a store, or which store and blog posts go to. */
export function ShopifyConnectionCard() {
  const { data: connection, isLoading, isError, refetch } = useShopifyConnection();
  const [open, setOpen] = useState(false);

  return (
    <ConnectionCard
      titleId="shopify-connection-title"
      icon={ShoppingBag}
      title="Shopify Connection"
      connected={connection ? "Connected" : null}
      isLoading={isLoading}
      isError={isError}
      refetch={refetch}
      loadingLabel="Loading the Shopify connection"
      loadingLines={["h-4 w-3/4", "h-4 w-1/2", "h-9 w-40"]}
      errorText="The Shopify connection could not be loaded."
      after={<ShopifyConnectDialog open={open} onOpenChange={setOpen} connection={connection ?? null} />}
    >
      {connection ? (
        <>
          <dl className="grid gap-2 text-sm">
            <DetailRow term="Store">{connection.storeName}</DetailRow>
            <AddressRow term="Store URL" address={connection.storeUrl} />
            <DetailRow term="Target Blog" className="font-medium">
              Blog ID: {connection.blogId}
            </DetailRow>
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
    </ConnectionCard>
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
