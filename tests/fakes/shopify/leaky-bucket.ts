// Shopify's cost-based leaky bucket for one shop: a request may run when its requested cost is available; the cost
// is taken up front, the unused part refunded once the actual cost is known, and points flow back at restoreRate/s.
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export class LeakyBucket {
  maximumAvailable: number;
  restoreRate: number;
  private available: number;
  private updatedAt: number;

  constructor(
    options: { maximumAvailable: number; restoreRate: number },
    private readonly now: () => number = Date.now,
  ) {
    this.maximumAvailable = options.maximumAvailable;
    this.restoreRate = options.restoreRate;
    this.available = options.maximumAvailable;
    this.updatedAt = now();
  }

  private refill(): void {
    const at = this.now();
    this.available = Math.min(
      this.maximumAvailable,
      this.available + ((at - this.updatedAt) / 1000) * this.restoreRate,
    );
    this.updatedAt = at;
  }

  /** Takes `cost` points if they are available; false (and nothing taken) otherwise. */
  tryTake(cost: number): boolean {
    this.refill();
    if (cost > this.available) return false;
    this.available -= cost;
    return true;
  }

  refund(points: number): void {
    this.refill();
    this.available = Math.min(this.maximumAvailable, this.available + Math.max(0, points));
  }

  set(options: Partial<ThrottleStatus>): void {
    this.refill();
    if (options.maximumAvailable !== undefined) this.maximumAvailable = options.maximumAvailable;
    if (options.restoreRate !== undefined) this.restoreRate = options.restoreRate;
    this.available = Math.min(this.maximumAvailable, options.currentlyAvailable ?? this.available);
  }

  status(): ThrottleStatus {
    this.refill();
    return {
      maximumAvailable: this.maximumAvailable,
      currentlyAvailable: Math.floor(this.available),
      restoreRate: this.restoreRate,
    };
  }
}
