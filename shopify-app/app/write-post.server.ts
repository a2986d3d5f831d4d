// Writing a post from the write page's form, shared by its action (a plain form post, answered with the new post's
// page) and by its stream (the page's own submit, answered with server-sent events as the post is written).
import type { AdminApiContext } from "@shopify/shopify-app-remix/server";
import { generatePost } from "@postwright/core/blog";
import { generatePostSchema } from "@postwright/core/contracts";
import { parseInput } from "@postwright/core/errors";
import type { GenerationStage, WrittenPart } from "@postwright/core/ai";
import { readProductFacts, withStoreFacts } from "@postwright/core/facts";
import { parseShopImages, readFeaturedItems } from "@postwright/core/shopify-shops";
import { writerFor } from "./context.server";
import { linksFrom } from "./post-links";
import { readForm } from "./read-form.server";
import { shopAccount } from "./shop-account.server";

type Admin = AdminApiContext;

/**
 * Reads and checks the form and the store's facts (anything refused is thrown before the writing starts), then
 * returns the writing itself, to run with progress hooks.
 */
export async function prepareWrite(request: Request, shop: string, admin: Admin) {
  const { ctx, user } = await shopAccount(shop, admin);
  const form = await readForm(request);
  const input = parseInput(generatePostSchema, {
    title: form.get("title"),
    keywords: String(form.get("keywords") ?? ""),
    focusKeyphrase: String(form.get("focusKeyphrase") ?? "").trim() || undefined,
    links: linksFrom(form),
    companyName: form.get("companyName") ?? "",
    seoInstructions: form.get("seoInstructions") ?? "",
    featured: form.getAll("featured").map(String),
    // A checkbox: present ("on") when ticked.
    showProductCards: form.get("showProductCards") !== null,
    // Already in the store's Files (uploaded through /app/images); only their CDN addresses and alt texts come back.
    images: parseShopImages(form.get("images"), ctx.connections),
  });
  // Only the IDs come from the page: titles, prices and URLs are read from the store itself, and so are the
  // products' options, variants' prices and stock, kept with the post for the "Product facts" check.
  const graphql = async (query: string, variables: Record<string, unknown>) =>
    (await admin.graphql(query, { variables })).json();
  const featured = await readFeaturedItems(graphql, input.featured);
  const productFacts = await readProductFacts(graphql, {
    ids: featured.filter((item) => item.kind === "product").map((item) => item.id),
  });
  return (hooks: { onStage?: (stage: GenerationStage) => void; onPart?: (part: WrittenPart) => void } = {}) =>
    generatePost(
      { prisma: ctx.db.prisma, writer: writerFor(ctx) },
      { userId: user.id, input, featured: withStoreFacts(featured, productFacts), productFacts, ...hooks },
    );
}
