// Root values for running validated operations with graphql-js against Shopify's real schema: each supported root
// field is a function of its (already coerced) arguments; objects are plain views of the shop's state, and relations
// are functions so that only what a query selects is built.
import { GraphQLError } from "graphql";
import { appBillingMutations, appBillingQueries } from "./app-billing.ts";
import { storeContentQueries } from "./store-content.ts";
import { catalogNodeView } from "./catalog.ts";
import {
  numericId,
  type FakeArticle,
  type FakeBlog,
  type FakeFile,
  type FakeShop,
  type ArticleInput,
  type UserError,
} from "./shop-state.ts";

export interface ResolverContext {
  shop: FakeShop;
  /** Where staged uploads are sent (`<origin>/staged-uploads`). */
  stagedUploadsUrl: string;
  /** Downloads an image the way Shopify would fetch a URL it is given (this fake can only reach loopback hosts). */
  download: (url: string) => Promise<{ data: Buffer; contentType: string } | null>;
  /** The fake's own address (billing confirmation pages are served there). */
  origin?: string;
}

type Args = Record<string, unknown>;

const MAX_PAGE_SIZE = 250;

function requireScope(shop: FakeShop, field: string, scope: string): void {
  const write = scope.replace(/^read_/, "write_");
  if (shop.scopes.has(scope) || shop.scopes.has(write)) return;
  const requiredAccess = `\`${scope}\` access scope.`;
  throw new GraphQLError(`Access denied for ${field} field. Required access: ${requiredAccess}`, {
    extensions: { code: "ACCESS_DENIED", documentation: "https://shopify.dev/api/usage/access-scopes", requiredAccess },
  });
}

function encodeCursor(id: string): string {
  return Buffer.from(JSON.stringify({ last_id: Number(numericId(id)) })).toString("base64");
}

function connection<T extends { id: string }>(items: T[], args: Args, view: (item: T) => unknown): unknown {
  const first = args["first"] as number | null | undefined;
  const last = args["last"] as number | null | undefined;
  if ((first === null || first === undefined) && (last === null || last === undefined)) {
    throw new GraphQLError("you must provide one of first or last", { extensions: { code: "BAD_REQUEST" } });
  }
  if ((first ?? 0) > MAX_PAGE_SIZE || (last ?? 0) > MAX_PAGE_SIZE) {
    throw new GraphQLError(`The maximum page size is ${MAX_PAGE_SIZE}`, { extensions: { code: "BAD_REQUEST" } });
  }
  let list = args["reverse"] ? [...items].reverse() : [...items];
  const after = args["after"] as string | null | undefined;
  const before = args["before"] as string | null | undefined;
  if (after) {
    const index = list.findIndex((item) => encodeCursor(item.id) === after);
    list = list.slice(index + 1);
  }
  if (before) {
    const index = list.findIndex((item) => encodeCursor(item.id) === before);
    if (index >= 0) list = list.slice(0, index);
  }
  const page =
    first !== null && first !== undefined ? list.slice(0, first) : list.slice(Math.max(0, list.length - last!));
  const hasNextPage = first !== null && first !== undefined ? list.length > page.length : Boolean(before);
  const hasPreviousPage = first !== null && first !== undefined ? Boolean(after) : list.length > page.length;
  return {
    nodes: () => page.map(view),
    edges: () => page.map((item) => ({ cursor: encodeCursor(item.id), node: view(item) })),
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: page[0] ? encodeCursor(page[0].id) : null,
      endCursor: page.at(-1) ? encodeCursor(page.at(-1)!.id) : null,
    },
  };
}

function shopView(shop: FakeShop) {
  const primaryHost = new URL(shop.primaryDomainUrl).host;
  return {
    id: shop.shopId,
    name: shop.name,
    email: `owner@${shop.domain}`,
    contactEmail: `owner@${shop.domain}`,
    myshopifyDomain: shop.domain,
    url: shop.primaryDomainUrl,
    currencyCode: "USD",
    ianaTimezone: shop.ianaTimezone,
    primaryDomain: {
      id: `gid://shopify/Domain/${numericId(shop.shopId)}`,
      host: primaryHost,
      url: shop.primaryDomainUrl,
      sslEnabled: true,
    },
  };
}

function blogView(shop: FakeShop, blog: FakeBlog) {
  return {
    __typename: "Blog",
    id: blog.id,
    title: blog.title,
    handle: blog.handle,
    createdAt: blog.createdAt,
    updatedAt: blog.updatedAt,
    commentPolicy: "MODERATED",
    templateSuffix: null,
    tags: () => [...new Set(shop.articlesIn(blog.id).flatMap((a) => a.tags))],
    articles: (args: Args) => connection(shop.articlesIn(blog.id), args, (a) => articleView(shop, a)),
    articlesCount: () => ({ count: shop.articlesIn(blog.id).length, precision: "EXACT" }),
  };
}

function metafieldView(m: FakeArticle["metafields"][number]) {
  return { __typename: "Metafield", ...m, ownerType: "ARTICLE", jsonValue: m.value };
}

function articleView(shop: FakeShop, article: FakeArticle) {
  const image = article.image;
  return {
    __typename: "Article",
    id: article.id,
    title: article.title,
    handle: article.handle,
    body: article.body,
    summary: article.summary,
    tags: article.tags,
    isPublished: article.isPublished,
    publishedAt: article.publishedAt,
    createdAt: article.createdAt,
    updatedAt: article.updatedAt,
    templateSuffix: article.templateSuffix,
    author: { name: article.author },
    blog: () => blogView(shop, shop.blog(article.blogId)!),
    image: image && {
      id: null,
      altText: image.altText,
      url: image.url,
      src: image.url,
      originalSrc: image.url,
      width: null,
      height: null,
    },
    metafield: (args: Args) => {
      const found = article.metafields.find((m) => m.namespace === args["namespace"] && m.key === args["key"]);
      return found ? metafieldView(found) : null;
    },
    metafields: (args: Args) =>
      connection(
        article.metafields.filter((m) => !args["namespace"] || m.namespace === args["namespace"]),
        args,
        metafieldView,
      ),
  };
}

function fileView(shop: FakeShop, file: FakeFile, status = shop.readFileStatus(file)) {
  const image =
    status === "READY"
      ? {
          id: null,
          altText: file.alt,
          url: shop.fileUrl(file),
          src: shop.fileUrl(file),
          originalSrc: shop.fileUrl(file),
          width: null,
          height: null,
        }
      : null;
  return {
    __typename: "MediaImage",
    id: file.id,
    alt: file.alt,
    fileStatus: status,
    status,
    mediaContentType: "IMAGE",
    mimeType: file.mimeType,
    createdAt: file.createdAt,
    updatedAt: file.updatedAt,
    fileErrors: status === "FAILED" && file.failure ? [{ ...file.failure, details: null }] : [],
    mediaErrors: [],
    mediaWarnings: [],
    image,
    preview: { status, image },
  };
}

function nodeView(shop: FakeShop, id: string): unknown {
  const catalogNode = catalogNodeView(shop, id);
  if (catalogNode !== undefined) return catalogNode;
  const article = shop.article(id);
  if (article) return articleView(shop, article);
  const blog = shop.blog(id);
  if (blog) return blogView(shop, blog);
  const file = shop.files.find((f) => f.id === id);
  if (file) return fileView(shop, file);
  return null;
}

export function queryRoot({ shop }: ResolverContext): Record<string, unknown> {
  return {
    shop: () => shopView(shop),
    blogs: (args: Args) => {
      requireScope(shop, "blogs", "read_content");
      const query = ((args["query"] as string | null) ?? "").toLowerCase();
      const blogs = shop.blogs.filter((b) => !query || b.title.toLowerCase().includes(query.replace(/^title:/, "")));
      return connection(blogs, args, (b) => blogView(shop, b));
    },
    blog: (args: Args) => {
      requireScope(shop, "blog", "read_content");
      const blog = shop.blog(args["id"] as string);
      return blog ? blogView(shop, blog) : null;
    },
    article: (args: Args) => {
      requireScope(shop, "article", "read_content");
      const article = shop.article(args["id"] as string);
      return article ? articleView(shop, article) : null;
    },
    articles: (args: Args) => {
      requireScope(shop, "articles", "read_content");
      const found = shop.searchArticles(args["query"] as string | null);
      // Oldest first by the sort key (the reverse argument then turns it round), as Shopify sorts.
      if (args["sortKey"] === "PUBLISHED_AT")
        found.sort((a, b) => String(a.publishedAt ?? "").localeCompare(String(b.publishedAt ?? "")));
      return connection(found, args, (a) => articleView(shop, a));
    },
    node: (args: Args) => nodeView(shop, args["id"] as string),
    ...storeContentQueries(shop, connection),
    ...appBillingQueries(shop),
    nodes: (args: Args) => (args["ids"] as string[]).map((id) => nodeView(shop, id)),
  };
}

function articlePayload(shop: FakeShop, result: { article: FakeArticle | null; userErrors: UserError[] }) {
  return { article: result.article && articleView(shop, result.article), userErrors: result.userErrors };
}

export function mutationRoot(context: ResolverContext): Record<string, unknown> {
  const { shop } = context;
  return {
    ...appBillingMutations(shop, context.origin ?? ""),
    articleCreate: async (args: Args) => {
      requireScope(shop, "articleCreate", "write_content");
      const result = await shop.createArticle(
        args["article"] as ArticleInput,
        args["blog"] as { title: string } | null,
        context.download,
      );
      return articlePayload(shop, result);
    },
    articleUpdate: async (args: Args) => {
      requireScope(shop, "articleUpdate", "write_content");
      const result = await shop.updateArticle(
        args["id"] as string,
        args["article"] as ArticleInput,
        args["blog"] as { title: string } | null,
        context.download,
      );
      return articlePayload(shop, result);
    },
    metafieldsDelete: (args: Args) => {
      // Deleting an article's metafield needs write access to articles; a metafield that is not there answers null.
      requireScope(shop, "metafieldsDelete", "write_content");
      const identifiers = args["metafields"] as Array<{ ownerId: string; namespace: string; key: string }>;
      return {
        deletedMetafields: identifiers.map((identifier) => shop.deleteMetafield(identifier)),
        userErrors: [],
      };
    },
    stagedUploadsCreate: (args: Args) => {
      requireScope(shop, "stagedUploadsCreate", "write_files");
      const inputs = args["input"] as Array<{
        filename: string;
        mimeType: string;
        resource: string;
        httpMethod: "POST" | "PUT";
      }>;
      const userErrors: Array<{ field: string[]; message: string }> = [];
      inputs.forEach((input, i) => {
        const isImage = ["IMAGE", "PRODUCT_IMAGE", "COLLECTION_IMAGE", "SHOP_IMAGE"].includes(input.resource);
        if (isImage && !input.mimeType.startsWith("image/")) {
          userErrors.push({
            field: ["input", String(i), "mimeType"],
            message: `Invalid mime type for an image: ${input.mimeType}`,
          });
        }
        if (!input.filename.trim())
          userErrors.push({ field: ["input", String(i), "filename"], message: "Filename can't be blank" });
      });
      if (userErrors.length > 0) return { stagedTargets: null, userErrors };
      const stagedTargets = inputs.map((input) => {
        const upload = shop.createStagedUpload(input);
        const resourceUrl = `${context.stagedUploadsUrl}/${upload.key}`;
        if (upload.httpMethod === "PUT") {
          return {
            url: `${resourceUrl}?X-Goog-Signature=${upload.signature}`,
            resourceUrl,
            parameters: [
              { name: "content_type", value: upload.mimeType },
              { name: "acl", value: "private" },
            ],
          };
        }
        return {
          url: context.stagedUploadsUrl,
          resourceUrl,
          parameters: [
            { name: "Content-Type", value: upload.mimeType },
            { name: "success_action_status", value: "201" },
            { name: "acl", value: "private" },
            { name: "key", value: upload.key },
            { name: "x-goog-date", value: new Date().toISOString().replace(/[-:]|\.\d+/g, "") },
            {
              name: "x-goog-credential",
              value: "fake-staged-uploads@shopify-fake.iam.gserviceaccount.com/auto/storage/goog4_request",
            },
            { name: "x-goog-algorithm", value: "GOOG4-RSA-SHA256" },
            { name: "x-goog-signature", value: upload.signature },
            { name: "policy", value: Buffer.from(JSON.stringify({ key: upload.key })).toString("base64") },
          ],
        };
      });
      return { stagedTargets, userErrors: [] };
    },
    fileCreate: async (args: Args) => {
      requireScope(shop, "fileCreate", "write_files");
      const inputs = args["files"] as Array<{
        originalSource: string;
        alt?: string | null;
        filename?: string | null;
        duplicateResolutionMode?: string | null;
      }>;
      const files: unknown[] = [];
      const userErrors: UserError[] = [];
      for (const [i, input] of inputs.entries()) {
        const source = await fileSource(context, input.originalSource);
        const { file, userError } = shop.createFile(input, source, i);
        if (userError) userErrors.push(userError);
        if (file) files.push(fileView(shop, file, file.failure ? "FAILED" : "UPLOADED"));
      }
      return { files: userErrors.length > 0 ? null : files, userErrors };
    },
  };
}

async function fileSource(
  context: ResolverContext,
  originalSource: string,
): Promise<{ data: Buffer; filename: string } | null> {
  let url: URL;
  try {
    url = new URL(originalSource);
  } catch {
    return null;
  }
  const filename = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  if (originalSource.startsWith(`${context.stagedUploadsUrl}/`)) {
    const upload = context.shop.stagedUploads.get(
      originalSource.slice(context.stagedUploadsUrl.length + 1).split("?")[0]!,
    );
    return upload?.data ? { data: upload.data, filename: upload.filename } : null;
  }
  const downloaded = await context.download(originalSource).catch(() => null);
  return downloaded ? { data: downloaded.data, filename } : null;
}
