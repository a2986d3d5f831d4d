import { describe, expect, it } from "vitest";
import { ShopifyCostPacer, throttledWaitMs } from "./cost-pacer.ts";

const status = (currentlyAvailable: number, requestedQueryCost = 10) => ({
  requestedQueryCost,
  actualQueryCost: requestedQueryCost,
  throttleStatus: { maximumAvailable: 100, currentlyAvailable, restoreRate: 50 },
});

describe("ShopifyCostPacer", () => {
  it("lets a shop's first call go without waiting", () => {
    expect(new ShopifyCostPacer(() => 0).reserve("a.myshopify.com", "Publish")).toBe(0);
  });

  it("waits before a call whose last cost no longer fits the shop's bucket, until enough points flowed back", () => {
    let now = 0;
    const pacer = new ShopifyCostPacer(() => now);
    pacer.record("a.myshopify.com", "Publish", status(25, 40));
    expect(pacer.reserve("a.myshopify.com", "Publish")).toBe(300); // 15 points missing at 50/s
    now = 300;
    expect(pacer.reserve("a.myshopify.com", "Publish")).toBe(800); // the first reservation holds its points
  });

  it("counts the points restored since the last response", () => {
    let now = 0;
    const pacer = new ShopifyCostPacer(() => now);
    pacer.record("a.myshopify.com", "Publish", status(0, 40));
    now = 1000;
    expect(pacer.reserve("a.myshopify.com", "Publish")).toBe(0);
  });

  it("paces each shop on its own", () => {
    const pacer = new ShopifyCostPacer(() => 0);
    pacer.record("a.myshopify.com", "Publish", status(0, 40));
    expect(pacer.reserve("b.myshopify.com", "Publish")).toBe(0);
  });
});

describe("throttledWaitMs", () => {
  it("waits for the missing points at the restore rate", () => {
    expect(throttledWaitMs(status(10, 60))).toBe(1000);
    expect(throttledWaitMs(status(80, 60))).toBe(0);
  });
});
