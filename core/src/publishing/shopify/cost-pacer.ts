// Client-side mirror of each shop's leaky bucket. Shopify reports the bucket after every call
// (extensions.cost.throttleStatus); before the next call to the same shop we estimate what has refilled since and,
// when the operation's last known cost would not fit, wait first instead of spending a request on "Throttled".
// Reservations are taken immediately, so concurrent publications to one shop queue behind each other.

export interface ShopifyThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface ShopifyCostExtension {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ShopifyThrottleStatus;
}

interface BucketEstimate {
  available: number;
  maximumAvailable: number;
  restoreRate: number;
  at: number;
}

export class ShopifyCostPacer {
  private readonly buckets = new Map<string, BucketEstimate>();
  private readonly costs = new Map<string, number>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Takes the expected cost of `operation` from the shop's estimated bucket; returns how long to wait first (ms). */
  reserve(shop: string, operation: string): number {
    const bucket = this.buckets.get(shop);
    const cost = this.costs.get(`${shop} ${operation}`);
    if (!bucket || cost === undefined) return 0;
    const at = this.now();
    const refilled = Math.min(
      bucket.maximumAvailable,
      bucket.available + ((at - bucket.at) / 1000) * bucket.restoreRate,
    );
    bucket.available = refilled - cost;
    bucket.at = at;
    return bucket.available >= 0 ? 0 : Math.ceil((-bucket.available / bucket.restoreRate) * 1000);
  }

  /** Records what Shopify reported after a call (successful or throttled). */
  record(shop: string, operation: string, cost: ShopifyCostExtension | undefined): void {
    if (!cost) return;
    this.costs.set(`${shop} ${operation}`, cost.requestedQueryCost);
    const { maximumAvailable, currentlyAvailable, restoreRate } = cost.throttleStatus;
    if (restoreRate > 0) {
      this.buckets.set(shop, { available: currentlyAvailable, maximumAvailable, restoreRate, at: this.now() });
    }
  }
}

/** How long a throttled request must wait before the points it asked for have flowed back (ms). */
export function throttledWaitMs(cost: ShopifyCostExtension): number {
  const { currentlyAvailable, restoreRate } = cost.throttleStatus;
  const missing = Math.max(0, cost.requestedQueryCost - currentlyAvailable);
  return restoreRate > 0 ? Math.ceil((missing / restoreRate) * 1000) : 1000;
}

/** The pacer shared by every Shopify client in this process, so that all publications to one shop are paced together. */
export const sharedShopifyCostPacer = new ShopifyCostPacer();
