// The in-memory state of one fake shop (blogs, articles, staged uploads, files) and the rules Shopify applies when
// they change. Mutations return Shopify's userErrors shape instead of throwing.
import { randomBytes } from "node:crypto";
import type { FakeAppSubscription, FakeWebhook } from "./app-billing.ts";
import { LeakyBucket } from "./leaky-bucket.ts";
import { dateMatches, parseSearchQuery, type SearchTerm } from "./search-syntax.ts";
import {
  newCollection,
  newPage,
  newProduct,
  type FakeCollection,
  type FakeEvent,
  type FakePage,
  type FakeProduct,
} from "./store-content.ts";

export interface UserError {
  field: string[] | null;
  message: string;
  code: string | null;
}

export interface FakeBlog {
  id: string;
  title: string;
  handle: string;
  createdAt: string;
  updatedAt: string;
}

export interface FakeMetafield {
  id: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: string;
  updatedAt: string;
}

export interface FakeArticleImage {
  /** Where the shop serves its copy of the image. */
  url: string;
  altText: string | null;
  /** The URL the image was downloaded from (the `url` of ArticleImageInput). */
  sourceUrl: string;
  contentType: string;
  data: Buffer;
}

export interface FakeArticle {
  id: string;
  blogId: string;
  title: string;
  handle: string;
  body: string;
  summary: string | null;
  tags: string[];
  author: string;
  isPublished: boolean;
  publishedAt: string | null;
  image: FakeArticleImage | null;
  metafields: FakeMetafield[];
  templateSuffix: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FakeStagedUpload {
  key: string;
  filename: string;
  mimeType: string;
  resource: string;
  httpMethod: "POST" | "PUT";
  signature: string;
  data?: Buffer;
  contentType?: string;
}

export type FakeFileStatus = "UPLOADED" | "PROCESSING" | "READY" | "FAILED";

export interface FakeFile {
  id: string;
  filename: string;
  alt: string | null;
  mimeType: string;
  data: Buffer;
  /** Times the file was read through the API; processing completes after the shop's configured number. */
  reads: number;
  failure: { code: string; message: string } | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface FakeShopOptions {
  /** The shop's myshopify domain, e.g. "mystore.myshopify.com"; also accepted as a custom domain alias via `aliases`. */
  domain: string;
  accessToken?: string;
  name?: string;
  /** Blogs the shop starts with (default: one blog, "News"). */
  blogs?: Array<{ title: string; handle?: string }>;
  /** Access scopes granted to the token (default: read/write content and files). */
  scopes?: string[];
  /** The storefront's primary domain (default: https://<domain>). */
  primaryDomainUrl?: string;
  /** The store's time zone, as Shopify admin's settings set it (default: UTC). */
  ianaTimezone?: string;
  /** Other hosts that reach this shop (a custom domain the merchant gave). */
  aliases?: string[];
}

export const DEFAULT_SCOPES = ["read_content", "write_content", "read_files", "write_files"];

const METAFIELD_TYPES = new Set([
  "single_line_text_field",
  "multi_line_text_field",
  "rich_text_field",
  "number_integer",
  "number_decimal",
  "boolean",
  "json",
  "url",
  "date",
  "date_time",
  "color",
]);

export function handleize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function numericId(gid: string): string {
  return gid.slice(gid.lastIndexOf("/") + 1);
}

/** The image formats Shopify accepts for files, recognised by their first bytes. */
export function sniffImageType(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.subarray(0, 4).toString("latin1") === "GIF8") return "image/gif";
  if (data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP") {
    return "image/webp";
  }
  return null;
}

type DownloadImage = (url: string) => Promise<{ data: Buffer; contentType: string } | null>;

export interface ArticleInput {
  title?: string | null;
  author?: { name?: string | null; userId?: string | null } | null;
  blogId?: string | null;
  body?: string | null;
  handle?: string | null;
  image?: { url?: string | null; altText?: string | null } | null;
  isPublished?: boolean | null;
  metafields?: Array<{
    id?: string | null;
    namespace?: string | null;
    key?: string | null;
    type?: string | null;
    value?: string | null;
  }> | null;
  publishDate?: string | null;
  summary?: string | null;
  tags?: string[] | null;
  templateSuffix?: string | null;
  redirectNewHandle?: boolean | null;
}

export class FakeShop {
  readonly domain: string;
  readonly aliases: string[];
  name: string;
  accessToken: string;
  scopes: Set<string>;
  primaryDomainUrl: string;
  ianaTimezone: string;
  readonly shopId: string;
  readonly bucket: LeakyBucket;
  readonly blogs: FakeBlog[] = [];
  readonly articles: FakeArticle[] = [];
  readonly stagedUploads = new Map<string, FakeStagedUpload>();
  readonly files: FakeFile[] = [];
  readonly products: FakeProduct[] = [];
  readonly collections: FakeCollection[] = [];
  readonly pages: FakePage[] = [];
  /** The store's events, oldest first: Shopify records one (action destroy) for each product or collection deleted. */
  readonly events: FakeEvent[] = [];
  /** The app's subscriptions on this shop (Billing API), oldest first. */
  readonly subscriptions: FakeAppSubscription[] = [];
  /** Webhooks Shopify would have delivered to the app, oldest first. */
  readonly webhooks: FakeWebhook[] = [];
  /** Responses to serve instead of running the next requests (HTTP errors or dropped connections). */
  readonly pendingFailures: Array<{
    failure: { status: number; body?: string } | "network" | "lost-response";
    operationName: string | undefined;
  }> = [];
  fileProcessingReads = 1;

  private readonly nextId: () => number;
  /** Where the fake serves this shop's files and article images. */
  readonly cdnBase: string;

  constructor(
    options: FakeShopOptions,
    context: { nextId: () => number; throttle: { maximumAvailable: number; restoreRate: number }; origin: string },
  ) {
    const { nextId, throttle } = context;
    this.nextId = nextId;
    this.domain = options.domain.toLowerCase();
    this.aliases = (options.aliases ?? []).map((a) => a.toLowerCase());
    this.name = options.name ?? "Postwright Test Store";
    this.accessToken = options.accessToken ?? "shpat_test_token";
    this.scopes = new Set(options.scopes ?? DEFAULT_SCOPES);
    this.primaryDomainUrl = options.primaryDomainUrl ?? `https://${this.domain}`;
    this.ianaTimezone = options.ianaTimezone ?? "UTC";
    this.cdnBase = `${context.origin}/cdn/shop/${this.domain}`;
    this.shopId = `gid://shopify/Shop/${nextId()}`;
    this.bucket = new LeakyBucket(throttle);
    for (const blog of options.blogs ?? [{ title: "News", handle: "news" }]) this.addBlog(blog.title, blog.handle);
  }

  private gid(type: string): string {
    return `gid://shopify/${type}/${this.nextId()}`;
  }

  newNumericId(): number {
    return this.nextId();
  }

  addProduct(input: Partial<Omit<FakeProduct, "id">> & { title: string }): FakeProduct {
    const product = newProduct(this.gid("Product"), input);
    this.products.push(product);
    return product;
  }

  addCollection(input: Partial<Omit<FakeCollection, "id">> & { title: string }): FakeCollection {
    const collection = newCollection(this.gid("Collection"), input);
    this.collections.push(collection);
    return collection;
  }

  addPage(input: Partial<Omit<FakePage, "id">> & { title: string }): FakePage {
    const page = newPage(this.gid("Page"), input);
    this.pages.push(page);
    return page;
  }

  /** Deletes a product as the merchant would in Shopify admin, recording its deletion event. */
  deleteProduct(id: string): void {
    const product = this.removeFrom(this.products, id);
    this.recordDestroy("PRODUCT", id, `Product was deleted: ${product.title}.`);
  }

  /** Deletes a collection, recording its deletion event. */
  deleteCollection(id: string): void {
    const collection = this.removeFrom(this.collections, id);
    this.recordDestroy("COLLECTION", id, `Collection was deleted: ${collection.title}.`);
  }

  /** Deletes an online store page (Shopify keeps no deletion event for pages). */
  deletePage(id: string): void {
    this.removeFrom(this.pages, id);
  }

  /** Deletes a blog's article (no deletion event either). */
  deleteArticle(id: string): void {
    this.removeFrom(this.articles, id);
  }

  private removeFrom<T extends { id: string }>(list: T[], id: string): T {
    const index = list.findIndex((item) => item.id === id);
    if (index < 0) throw new Error(`No ${id} in ${this.domain}`);
    return list.splice(index, 1)[0]!;
  }

  private recordDestroy(subjectType: FakeEvent["subjectType"], subjectId: string, message: string): void {
    this.events.push({
      id: this.gid("BasicEvent"),
      action: "destroy",
      subjectType,
      subjectId,
      message,
      createdAt: new Date().toISOString(),
    });
  }

  addBlog(title: string, handle?: string): FakeBlog {
    const now = new Date().toISOString();
    const blog: FakeBlog = {
      id: this.gid("Blog"),
      title,
      handle: handle ?? handleize(title),
      createdAt: now,
      updatedAt: now,
    };
    this.blogs.push(blog);
    return blog;
  }

  blog(id: string): FakeBlog | undefined {
    return this.blogs.find((b) => b.id === id);
  }

  article(id: string): FakeArticle | undefined {
    return this.articles.find((a) => a.id === id);
  }

  articlesIn(blogId: string): FakeArticle[] {
    return this.articles.filter((a) => a.blogId === blogId);
  }

  async createArticle(
    input: ArticleInput,
    blogInput: { title: string } | null | undefined,
    download: DownloadImage,
  ): Promise<{ article: FakeArticle | null; userErrors: UserError[] }> {
    const errors: UserError[] = [];
    let blog: FakeBlog | undefined;
    if (input.blogId && blogInput) {
      errors.push({
        field: ["blog"],
        message: "Can't create a blog from input if a blog ID is supplied.",
        code: "AMBIGUOUS_BLOG",
      });
    } else if (input.blogId) {
      blog = this.blog(input.blogId);
      if (!blog) errors.push({ field: ["article", "blogId"], message: "Blog does not exist", code: "NOT_FOUND" });
    } else if (!blogInput) {
      errors.push({
        field: ["article"],
        message: "Must reference or create a blog when creating an article.",
        code: "BLOG_REFERENCE_REQUIRED",
      });
    }
    errors.push(...this.checkAuthor(input.author, true));
    errors.push(...this.checkTitle(input.title, true));
    errors.push(...this.checkPublishDate(input));
    errors.push(...checkMetafields(input.metafields, []));
    const handle = input.handle ? handleize(input.handle) : undefined;
    if (input.handle !== undefined && input.handle !== null && !handle) {
      errors.push({ field: ["article", "handle"], message: "Handle can't be blank", code: "BLANK" });
    }
    if (blog && handle && this.articlesIn(blog.id).some((a) => a.handle === handle)) {
      errors.push({ field: ["article", "handle"], message: "Handle has already been taken", code: "TAKEN" });
    }
    const image = errors.length === 0 ? await this.fetchArticleImage(input.image, download, errors) : null;
    if (errors.length > 0) return { article: null, userErrors: errors };

    blog ??= this.addBlog(blogInput!.title);
    const now = new Date().toISOString();
    const article: FakeArticle = {
      id: this.gid("Article"),
      blogId: blog.id,
      title: input.title!,
      handle: handle ?? this.uniqueHandle(blog.id, handleize(input.title!) || "article"),
      body: input.body ?? "",
      summary: input.summary ?? null,
      tags: normaliseTags(input.tags),
      author: input.author!.name!.trim(),
      isPublished: input.isPublished ?? false,
      publishedAt: null,
      image,
      metafields: [],
      templateSuffix: input.templateSuffix ?? null,
      createdAt: now,
      updatedAt: now,
    };
    article.publishedAt = article.isPublished ? (input.publishDate ?? now) : null;
    applyMetafields(article, input.metafields, () => this.gid("Metafield"));
    this.articles.push(article);
    return { article, userErrors: [] };
  }

  async updateArticle(
    id: string,
    input: ArticleInput,
    blogInput: { title: string } | null | undefined,
    download: DownloadImage,
  ): Promise<{ article: FakeArticle | null; userErrors: UserError[] }> {
    const article = this.article(id);
    if (!article)
      return { article: null, userErrors: [{ field: ["id"], message: "Article does not exist", code: "NOT_FOUND" }] };
    const errors: UserError[] = [];
    let blog = this.blog(article.blogId);
    if (input.blogId && blogInput) {
      errors.push({
        field: ["blog"],
        message: "Can't create a blog from input if a blog ID is supplied.",
        code: "AMBIGUOUS_BLOG",
      });
    } else if (input.blogId) {
      blog = this.blog(input.blogId);
      if (!blog) errors.push({ field: ["article", "blogId"], message: "Blog does not exist", code: "NOT_FOUND" });
    }
    if (input.author !== undefined && input.author !== null) errors.push(...this.checkAuthor(input.author, false));
    if (input.title !== undefined) errors.push(...this.checkTitle(input.title, false));
    errors.push(...this.checkPublishDate(input));
    errors.push(...checkMetafields(input.metafields, article.metafields));
    const handle = input.handle ? handleize(input.handle) : undefined;
    if (blog && handle && this.articlesIn(blog.id).some((a) => a.handle === handle && a.id !== article.id)) {
      errors.push({ field: ["article", "handle"], message: "Handle has already been taken", code: "TAKEN" });
    }
    const image =
      errors.length === 0 && input.image ? await this.fetchArticleImage(input.image, download, errors) : undefined;
    if (errors.length > 0) return { article: null, userErrors: errors };

    const now = new Date().toISOString();
    if (blog && !blogInput) article.blogId = blog.id;
    if (blogInput) article.blogId = this.addBlog(blogInput.title).id;
    if (input.title) article.title = input.title;
    if (handle) article.handle = handle;
    if (input.body !== undefined) article.body = input.body ?? "";
    if (input.summary !== undefined) article.summary = input.summary;
    if (input.tags !== undefined) article.tags = normaliseTags(input.tags);
    if (input.author?.name) article.author = input.author.name.trim();
    if (input.templateSuffix !== undefined) article.templateSuffix = input.templateSuffix;
    if (input.image === null) article.image = null;
    else if (image !== undefined) article.image = image;
    if (input.isPublished !== undefined && input.isPublished !== null) {
      article.isPublished = input.isPublished;
      article.publishedAt = input.isPublished ? (input.publishDate ?? article.publishedAt ?? now) : null;
    } else if (input.publishDate) {
      article.publishedAt = input.publishDate;
    }
    applyMetafields(article, input.metafields, () => this.gid("Metafield"));
    article.updatedAt = now;
    return { article, userErrors: [] };
  }

  /** Deletes one metafield of an article (metafieldsDelete): its identifier when it was there, else null. */
  deleteMetafield(identifier: {
    ownerId: string;
    namespace: string;
    key: string;
  }): { ownerId: string; namespace: string; key: string } | null {
    const article = this.article(identifier.ownerId);
    const at =
      article?.metafields.findIndex((m) => m.namespace === identifier.namespace && m.key === identifier.key) ?? -1;
    if (!article || at < 0) return null;
    article.metafields.splice(at, 1);
    return { ownerId: identifier.ownerId, namespace: identifier.namespace, key: identifier.key };
  }

  private uniqueHandle(blogId: string, base: string): string {
    const taken = new Set(this.articlesIn(blogId).map((a) => a.handle));
    let handle = base;
    for (let n = 1; taken.has(handle); n++) handle = `${base}-${n}`;
    return handle;
  }

  private checkAuthor(author: ArticleInput["author"], required: boolean): UserError[] {
    const name = author?.name?.trim();
    if (name && author?.userId) {
      return [
        {
          field: ["article", "author"],
          message: "Can't create an article author if both author name and user ID are supplied.",
          code: "AMBIGUOUS_AUTHOR",
        },
      ];
    }
    if (author?.userId)
      return [
        {
          field: ["article", "author", "userId"],
          message: "User must exist if a user ID is supplied.",
          code: "AUTHOR_MUST_EXIST",
        },
      ];
    if (!name && required) {
      return [
        {
          field: ["article", "author"],
          message: "Can't create an article if both author name and user ID are blank.",
          code: "AUTHOR_FIELD_REQUIRED",
        },
      ];
    }
    return [];
  }

  private checkTitle(title: string | null | undefined, required: boolean): UserError[] {
    if (!title?.trim())
      return required || title !== undefined
        ? [{ field: ["article", "title"], message: "Title can't be blank", code: "BLANK" }]
        : [];
    if (title.length > 255)
      return [
        { field: ["article", "title"], message: "Title is too long (maximum is 255 characters)", code: "TOO_LONG" },
      ];
    return [];
  }

  private checkPublishDate(input: ArticleInput): UserError[] {
    if (input.isPublished && input.publishDate && Date.parse(input.publishDate) > Date.now()) {
      return [
        {
          field: ["article", "publishDate"],
          message: "Can’t set isPublished to true and also set a future publish date.",
          code: "INVALID_PUBLISH_DATE",
        },
      ];
    }
    return [];
  }

  private async fetchArticleImage(
    image: ArticleInput["image"],
    download: DownloadImage,
    errors: UserError[],
  ): Promise<FakeArticleImage | null> {
    if (!image?.url) return null;
    const fetched = await download(image.url).catch(() => null);
    const contentType = fetched ? sniffImageType(fetched.data) : null;
    if (!fetched || !contentType) {
      errors.push({
        field: ["article", "image"],
        message: `Image upload failed: could not download an image from ${image.url}`,
        code: "UPLOAD_FAILED",
      });
      return null;
    }
    const filename = decodeURIComponent(new URL(image.url).pathname.split("/").pop() || "image");
    return {
      url: `${this.cdnBase}/articles/${randomBytes(4).toString("hex")}-${filename}`,
      altText: image.altText ?? null,
      sourceUrl: image.url,
      contentType,
      data: fetched.data,
    };
  }

  createStagedUpload(input: {
    filename: string;
    mimeType: string;
    resource: string;
    httpMethod: "POST" | "PUT";
  }): FakeStagedUpload {
    const key = `tmp/${numericId(this.shopId)}/${input.resource.toLowerCase()}/${randomBytes(8).toString("hex")}/${input.filename}`;
    const upload: FakeStagedUpload = { ...input, key, signature: randomBytes(16).toString("hex") };
    this.stagedUploads.set(key, upload);
    return upload;
  }

  createFile(
    input: {
      originalSource: string;
      alt?: string | null;
      filename?: string | null;
      duplicateResolutionMode?: string | null;
    },
    source: { data: Buffer; filename: string } | null,
    index: number,
  ): { file: FakeFile | null; userError: UserError | null } {
    const field = ["files", String(index)];
    if (!source) {
      return {
        file: null,
        userError: {
          field: [...field, "originalSource"],
          message: "Invalid image source url value provided",
          code: "INVALID_IMAGE_SOURCE_URL",
        },
      };
    }
    const mode = input.duplicateResolutionMode ?? "APPEND_UUID";
    if (mode === "REPLACE" && !input.filename) {
      return {
        file: null,
        userError: {
          field: [...field, "duplicateResolutionMode"],
          message: "Duplicate resolution mode REPLACE cannot be used without specifying filename.",
          code: "MISSING_FILENAME_FOR_DUPLICATE_MODE_REPLACE",
        },
      };
    }
    let filename = input.filename ?? source.filename;
    if (extension(filename) !== extension(source.filename)) {
      return {
        file: null,
        userError: {
          field: [...field, "filename"],
          message: "Cannot create file with custom filename which does not match original source extension.",
          code: "MISMATCHED_FILENAME_AND_ORIGINAL_SOURCE",
        },
      };
    }
    const now = new Date().toISOString();
    const existing = this.files.find((f) => f.filename === filename);
    const mimeType = sniffImageType(source.data);
    const failure = mimeType
      ? null
      : { code: "UNSUPPORTED_IMAGE_FILE_TYPE", message: "Image is an unsupported file type." };
    if (existing && mode === "REPLACE") {
      Object.assign(existing, {
        alt: input.alt ?? existing.alt,
        data: source.data,
        mimeType: mimeType ?? "application/octet-stream",
        reads: 0,
        failure,
        version: existing.version + 1,
        updatedAt: now,
      });
      return { file: existing, userError: null };
    }
    if (existing && mode === "RAISE_ERROR") {
      return {
        file: null,
        userError: {
          field: [...field, "filename"],
          message: "The provided filename already exists.",
          code: "FILENAME_ALREADY_EXISTS",
        },
      };
    }
    if (existing) {
      const dot = filename.lastIndexOf(".");
      const uuid = randomBytes(16).toString("hex");
      filename = dot > 0 ? `${filename.slice(0, dot)}_${uuid}${filename.slice(dot)}` : `${filename}_${uuid}`;
    }
    const file: FakeFile = {
      id: this.gid("MediaImage"),
      filename,
      alt: input.alt ?? null,
      mimeType: mimeType ?? "application/octet-stream",
      data: source.data,
      reads: 0,
      failure,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    this.files.push(file);
    return { file, userError: null };
  }

  fileUrl(file: FakeFile): string {
    return `${this.cdnBase}/files/${encodeURIComponent(file.filename)}?v=${file.version}`;
  }

  /** The bytes the shop serves at one of its CDN URLs (a file or an article image). */
  cdnAsset(url: string): { data: Buffer; contentType: string } | null {
    const parsed = new URL(url);
    const base = new URL(this.cdnBase);
    if (parsed.origin !== base.origin || !parsed.pathname.startsWith(`${base.pathname}/`)) return null;
    const [kind, name] = parsed.pathname
      .slice(base.pathname.length + 1)
      .split("/")
      .map(decodeURIComponent);
    if (kind === "files") {
      const file = this.files.find((f) => f.filename === name && !f.failure);
      return file ? { data: file.data, contentType: file.mimeType } : null;
    }
    if (kind === "articles") {
      const image = this.articles
        .map((a) => a.image)
        .find((i) => i !== null && new URL(i.url).pathname === parsed.pathname);
      return image ? { data: image.data, contentType: image.contentType } : null;
    }
    return null;
  }

  /** The status of a file as seen by one more read through the API. */
  readFileStatus(file: FakeFile): FakeFileStatus {
    file.reads += 1;
    if (file.failure) return file.reads > this.fileProcessingReads ? "FAILED" : "PROCESSING";
    return file.reads > this.fileProcessingReads ? "READY" : "PROCESSING";
  }

  /** Articles matching Shopify's search syntax (space-separated terms, all must match; `field:value` filters). */
  searchArticles(query: string | null | undefined): FakeArticle[] {
    const terms = parseSearchQuery(query ?? "");
    return this.articles.filter((article) => terms.every((term) => articleMatches(article, term)));
  }
}

function extension(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot >= 0 ? filename.slice(dot + 1).toLowerCase() : "";
}

function normaliseTags(tags: string[] | null | undefined): string[] {
  return [
    ...new Set(
      (tags ?? [])
        .flatMap((t) => t.split(","))
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

function checkMetafields(metafields: ArticleInput["metafields"], existing: FakeMetafield[]): UserError[] {
  const errors: UserError[] = [];
  (metafields ?? []).forEach((m, i) => {
    const field = ["article", "metafields", String(i)];
    const current = existing.find((e) => (m.id ? e.id === m.id : e.namespace === m.namespace && e.key === m.key));
    if (
      !current &&
      (!m.namespace || m.namespace.length < 3 || m.namespace.length > 255 || !/^[\w-]+$/.test(m.namespace))
    ) {
      errors.push({
        field: [...field, "namespace"],
        message: "Namespace must be 3-255 characters of letters, digits, hyphens and underscores",
        code: "INVALID",
      });
    }
    if (!current && (!m.key || m.key.length < 2 || m.key.length > 64 || !/^[\w-]+$/.test(m.key))) {
      errors.push({
        field: [...field, "key"],
        message: "Key must be 2-64 characters of letters, digits, hyphens and underscores",
        code: "INVALID",
      });
    }
    const type = m.type ?? current?.type;
    if (!type) errors.push({ field: [...field, "type"], message: "Type can't be blank", code: "BLANK" });
    else if (!METAFIELD_TYPES.has(type))
      errors.push({
        field: [...field, "type"],
        message: `Type '${type}' is not a valid metafield type`,
        code: "INVALID_TYPE",
      });
    if (m.value === undefined || m.value === null || m.value === "") {
      errors.push({ field: [...field, "value"], message: "Value can't be blank", code: "BLANK" });
    } else if (type === "single_line_text_field" && /[\r\n]/.test(m.value)) {
      errors.push({
        field: [...field, "value"],
        message: "Value must be a single line text string.",
        code: "INVALID_VALUE",
      });
    }
  });
  return errors;
}

function applyMetafields(article: FakeArticle, metafields: ArticleInput["metafields"], newId: () => string): void {
  const now = new Date().toISOString();
  for (const m of metafields ?? []) {
    const current = article.metafields.find((e) =>
      m.id ? e.id === m.id : e.namespace === m.namespace && e.key === m.key,
    );
    if (current) {
      Object.assign(current, { value: m.value!, type: m.type ?? current.type, updatedAt: now });
    } else {
      article.metafields.push({
        id: newId(),
        namespace: m.namespace!,
        key: m.key!,
        type: m.type!,
        value: m.value!,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
}

function textMatches(text: string, value: string): boolean {
  const needle = value.toLowerCase();
  if (needle.endsWith("*")) return text.toLowerCase().startsWith(needle.slice(0, -1));
  return text.toLowerCase().includes(needle);
}

function articleMatches(article: FakeArticle, term: SearchTerm): boolean {
  switch (term.field) {
    case "handle":
      return term.value.endsWith("*")
        ? article.handle.startsWith(term.value.slice(0, -1))
        : article.handle === term.value;
    case "id":
      return numericId(article.id) === numericId(term.value);
    case "blog_id":
      return numericId(article.blogId) === numericId(term.value);
    case "title":
      return textMatches(article.title, term.value);
    case "author":
      return textMatches(article.author, term.value);
    case "tag":
      return article.tags.some((t) => t.toLowerCase() === term.value.toLowerCase());
    case "tag_not":
      return !article.tags.some((t) => t.toLowerCase() === term.value.toLowerCase());
    case "published_status":
      return term.value === "any" || (term.value === "published") === article.isPublished;
    case "updated_at":
      return dateMatches(article.updatedAt, term.value);
    case null:
      return [article.title, article.handle, article.author, ...article.tags].some((t) => textMatches(t, term.value));
    default:
      return true;
  }
}
