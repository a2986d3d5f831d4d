import { describe, expect, it } from "vitest";
import { checkProductFacts } from "./check-product-facts.ts";
import { describeProductFacts } from "./describe-product-facts.ts";
import { findNamedProducts, findNamedStoreProducts } from "./find-named-products.ts";
import { apron, candle, mug, POST_HTML } from "./test-products.ts";

const written = [apron(), mug(), candle()];
const statusOf = (report: ReturnType<typeof checkProductFacts>) =>
  Object.fromEntries(report.products.map((p) => [p.title, p.status]));

describe("checkProductFacts", () => {
  it("finds each product the post links to or names, and agrees when the store has not changed", () => {
    const report = checkProductFacts({ html: POST_HTML, current: written, written });
    expect(statusOf(report)).toEqual({ "Linen Apron": "agrees", "Stoneware Mug": "agrees", "Cedar Candle": "agrees" });
    expect(report.mismatches).toBe(0);
    const apronItem = report.products.find((p) => p.title === "Linen Apron")!;
    expect(apronItem.findings.map((f) => `${f.kind}:${f.post}`)).toEqual(
      expect.arrayContaining([
        "price:$32.00",
        "price:$36",
        "option:Small",
        "option:Large",
        "option:linen",
        "stock:in stock",
      ]),
    );
    expect(report.products.find((p) => p.title === "Cedar Candle")!.findings).toEqual([
      { kind: "price", post: "24.00 USD", store: "$24.00", agrees: true },
    ]);
  });

  it("finds a changed price, and only on the product whose price changed", () => {
    const report = checkProductFacts({ html: POST_HTML, current: [apron(), mug("21.00"), candle()], written });
    expect(statusOf(report)).toEqual({
      "Linen Apron": "agrees",
      "Stoneware Mug": "mismatch",
      "Cedar Candle": "agrees",
    });
    const item = report.products.find((p) => p.title === "Stoneware Mug")!;
    expect(item.findings).toContainEqual({ kind: "price", post: "$18", store: "$21.00", agrees: false });
    expect(item.summary).toBe("Stoneware Mug: the post says $18, the store's price is $21.00.");
    expect(report.mismatches).toBe(1);
  });

  it("finds one variant's new price among several", () => {
    const report = checkProductFacts({
      html: POST_HTML,
      current: [apron({ L: { price: "39.00" } }), mug(), candle()],
      written,
    });
    const item = report.products.find((p) => p.title === "Linen Apron")!;
    expect(item.status).toBe("mismatch");
    expect(item.findings.filter((f) => !f.agrees)).toEqual([
      { kind: "price", post: "$36", store: "$32.00 to $39.00", agrees: false },
    ]);
  });

  it("finds a size no longer sold, and a size sold out that the post says is in stock", () => {
    const noLarge = apron();
    noLarge.options[0]!.values = ["Small", "Medium"];
    noLarge.variants = noLarge.variants.filter((v) => !v.title.startsWith("Large"));
    const gone = checkProductFacts({ html: POST_HTML, current: [noLarge, mug(), candle()], written });
    const item = gone.products.find((p) => p.title === "Linen Apron")!;
    expect(item.findings.filter((f) => !f.agrees)).toEqual(
      expect.arrayContaining([{ kind: "option", post: "Large", store: "Small, Medium", agrees: false }]),
    );

    const soldOut = checkProductFacts({
      html: `<p>The <a href="/products/linen-apron">Linen Apron</a> in Large is in stock now.</p>`,
      current: [apron({ L: { available: false } })],
      written,
    });
    expect(soldOut.products[0]!.findings).toContainEqual({
      kind: "stock",
      post: "in stock",
      store: "Large: sold out",
      agrees: false,
    });
    // The same sentence about a size still for sale agrees.
    const medium = checkProductFacts({
      html: `<p>The <a href="/products/linen-apron">Linen Apron</a> in Medium is in stock now.</p>`,
      current: [apron({ L: { available: false } })],
      written,
    });
    expect(medium.products[0]!.status).toBe("agrees");
  });

  it("finds stock turned: in stock now sold out, and sold out now back", () => {
    const sold = checkProductFacts({ html: POST_HTML, current: [apron(), mug("18.00", false), candle()], written });
    expect(sold.products.find((p) => p.title === "Stoneware Mug")!.findings).toContainEqual({
      kind: "stock",
      post: "in stock",
      store: "sold out",
      agrees: false,
    });
    const back = checkProductFacts({
      html: "<p>Sorry, the Stoneware Mug is sold out until spring.</p>",
      current: [mug()],
    });
    expect(back.products[0]!.status).toBe("mismatch");
  });

  it("lists a featured product the store no longer has as not checkable, and ignores products not named", () => {
    const report = checkProductFacts({ html: POST_HTML, current: [apron(), mug()], written });
    expect(report.products.find((p) => p.title === "Cedar Candle")).toMatchObject({
      status: "not_checkable",
      summary: "Cedar Candle is no longer in your store, so what the post says about it cannot be checked.",
    });
    const unrelated = checkProductFacts({ html: "<p>Brewing at $0 cost.</p>", current: [apron(), mug()] });
    expect(unrelated.products).toEqual([]);
  });

  it("attributes a price to the product named nearest to it in the same paragraph", () => {
    const html = "<p>Pair the Stoneware Mug ($18) with the Cedar Candle ($24.00) for a slow Sunday.</p>";
    const report = checkProductFacts({ html, current: [mug(), candle("26.00")] });
    expect(statusOf(report)).toEqual({ "Stoneware Mug": "agrees", "Cedar Candle": "mismatch" });
  });

  it("reads titles with entities and prices with thousands separators", () => {
    const tool = {
      ...mug("1249.00"),
      id: "gid://shopify/Product/9",
      title: "Grind & Brew Station",
      handle: "grind-brew",
    };
    const report = checkProductFacts({ html: "<p>The Grind &amp; Brew Station costs $1,249.00.</p>", current: [tool] });
    expect(report.products[0]).toMatchObject({
      status: "agrees",
      findings: [{ kind: "price", post: "$1,249.00", agrees: true }],
    });
  });
});

describe("describeProductFacts", () => {
  it("tells the writer the store's options, prices and what is sold out", () => {
    expect(describeProductFacts(apron({ L: { available: false } }))).toBe(
      "Store facts: Size: Small, Medium, Large; Material: Linen; price $32.00 to $36.00; sold out: Large / Linen.",
    );
    expect(describeProductFacts(mug())).toBe("Store facts: price $18.00; in stock.");
  });
});

describe("findNamedProducts", () => {
  it("finds the index's products a post links to or names, and not those it does not", () => {
    const index = [
      { kind: "product", url: "https://shop.example/products/linen-apron", title: "Linen Apron" },
      { kind: "product", url: "https://shop.example/products/stoneware-mug", title: "Stoneware Mug" },
      { kind: "product", url: "https://shop.example/products/cedar-candle", title: "Cedar Candle" },
      { kind: "product", url: "https://shop.example/products/oak-board", title: "Oak Board" },
      { kind: "collection", url: "https://shop.example/collections/mugs", title: "Mugs" },
    ];
    expect(findNamedProducts(POST_HTML, index)).toEqual(["linen-apron", "stoneware-mug", "cedar-candle"]);
  });
});

describe("findNamedStoreProducts", () => {
  const products = [
    { id: "woocommerce:21", title: "Linen Apron", url: "https://roastery.example/product/linen-apron/" },
    { id: "woocommerce:31", title: "Stoneware Mug", url: "https://roastery.example/product/stoneware-mug/" },
    { id: "woocommerce:41", title: "Hand Grinder", url: "https://roastery.example/product/hand-grinder/" },
    { id: "woocommerce:51", title: "Oak Board", url: "https://roastery.example/product/oak-board/" },
  ];

  it("finds the store's products a post names, or links to by their address, and not those it does not", () => {
    const html = `<p>Wear the linen apron while the <a href="https://www.roastery.example/product/hand-grinder">grinder</a>
      works, then fill a <a href="/product/stoneware-mug/">mug</a>.</p><p>A board (not ours) from elsewhere:
      <a href="https://other.example/product/oak-board/">this one</a>.</p>`;
    expect(findNamedStoreProducts(html, products)).toEqual(["woocommerce:21", "woocommerce:31", "woocommerce:41"]);
  });

  it("does not take a product's name inside another word for the product", () => {
    expect(findNamedStoreProducts("<p>Our oak boards-to-go range is new.</p>", products)).toEqual([]);
  });
});
