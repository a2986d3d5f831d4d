// The blogs of the merchant's store (read through the app's Admin GraphQL access) and the one posts are published
// to: the first blog on install, then the merchant's choice, which must be a blog of the same store.
import { badRequest, notFound } from "../errors/index.ts";
import type { Prisma } from "../db/index.ts";
import type { AdminGraphqlQuery } from "../publishing/shopify/read-featured-items.ts";
import { shopStoreUrl } from "../shopify-sessions/shop-connection.ts";

export interface ShopBlog {
  id: string;
  title: string;
}

export const SHOP_BLOGS_QUERY = `#graphql
  query PostwrightShopBlogs {
    blogs(first: 50) { nodes { id title } }
  }`;

export async function readShopBlogs(graphql: AdminGraphqlQuery): Promise<ShopBlog[]> {
  const answer = (await graphql(SHOP_BLOGS_QUERY, {})) as {
    data?: { blogs: { nodes: ShopBlog[] } };
    errors?: Array<{ message: string }>;
  };
  if (!answer.data)
    throw new Error(`Shopify did not list the blogs: ${answer.errors?.map((e) => e.message).join("; ")}`);
  return answer.data.blogs.nodes;
}

export interface ShopSite {
  /** The store's own address (its primary domain), e.g. "https://preview-store.example". */
  storefrontUrl: string;
  blogs: Array<ShopBlog & { handle: string }>;
}

export const SHOP_SITE_QUERY = `#graphql
  query PostwrightShopSite {
    shop { primaryDomain { url } }
    blogs(first: 50) { nodes { id title handle } }
  }`;

/**
 * The store's address and its blogs with their handles: where an article is read
 * (`<storefrontUrl>/blogs/<blog handle>/<article handle>`), as a search result shows it.
 */
export async function readShopSite(graphql: AdminGraphqlQuery): Promise<ShopSite> {
  const answer = (await graphql(SHOP_SITE_QUERY, {})) as {
    data?: { shop: { primaryDomain: { url: string } }; blogs: { nodes: ShopSite["blogs"] } };
    errors?: Array<{ message: string }>;
  };
  if (!answer.data)
    throw new Error(`Shopify did not list the blogs: ${answer.errors?.map((e) => e.message).join("; ")}`);
  return { storefrontUrl: answer.data.shop.primaryDomain.url.replace(/\/+$/, ""), blogs: answer.data.blogs.nodes };
}

/** The blog the shop's posts are published to ("" when the store had none at install). */
export async function currentShopBlogId(prisma: Prisma, input: { userId: number; shop: string }): Promise<string> {
  const connection = await prisma.shopifyConnection.findFirst({
    where: { userId: input.userId, storeUrl: shopStoreUrl(input.shop) },
    select: { blogId: true },
  });
  return connection?.blogId ?? "";
}

/** Publishes the shop's posts to this blog from now on; it must be one of the store's blogs. */
export async function chooseShopBlog(
  prisma: Prisma,
  input: { userId: number; shop: string; blogId: string; blogs: ShopBlog[] },
): Promise<ShopBlog> {
  const blog = input.blogs.find((b) => b.id === input.blogId);
  if (!blog) throw badRequest("Choose one of your store's blogs.");
  const updated = await prisma.shopifyConnection.updateMany({
    where: { userId: input.userId, storeUrl: shopStoreUrl(input.shop) },
    data: { blogId: blog.id },
  });
  if (updated.count === 0)
    throw notFound("This store's connection was not found. Open the app again from Shopify admin.");
  return blog;
}
