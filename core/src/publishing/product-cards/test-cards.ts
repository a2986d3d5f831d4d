// Product cards as the store describes its products, for the product-card tests (the same products as the facts tests).
import type { ProductCard } from "../../contracts/blog.ts";

export const apronCard: ProductCard = {
  productId: "gid://shopify/Product/101",
  title: "Linen Apron",
  url: "https://shop.example/products/linen-apron",
  image: { url: "https://cdn.shopify.com/s/files/1/apron.jpg", altText: "A linen apron on a hook" },
  price: "32.00",
  currencyCode: "USD",
  available: true,
};

export const mugCard: ProductCard = {
  productId: "gid://shopify/Product/202",
  title: "Stoneware Mug",
  url: "https://shop.example/products/stoneware-mug",
  image: null,
  price: "18.00",
  currencyCode: "USD",
  available: false,
};

/** A post as the writers shape it: an introduction, sections under H2s, and a conclusion under the last H2. */
export const POST =
  "<p>Aprons and mugs for a slow morning.</p>" +
  '<h2>Why linen</h2><p>Our <a href="https://shop.example/products/linen-apron">apron</a> softens with every wash.</p>' +
  "<p>It has two deep pockets.</p>" +
  "<h2>Coffee first</h2><p>A good cup makes the morning.</p>" +
  "<h2>In short</h2><p>Start the day well.</p>";
