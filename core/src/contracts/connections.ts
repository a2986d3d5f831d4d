import { z } from "zod";

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const shopifyTestConnectionSchema = z
  .object({
    storeUrl: required("Please enter store URL and access token").max(300),
    /** The Admin API access token. The product's client also sends it as `password`, with a placeholder apiKey. */
    accessToken: z.string().trim().max(300).optional(),
    password: z.string().trim().max(300).optional(),
    apiKey: z.string().optional(),
  })
  .transform((v, ctx) => {
    const accessToken = v.accessToken || v.password;
    if (!accessToken) {
      ctx.addIssue({ code: "custom", message: "Please enter store URL and access token" });
      return z.NEVER;
    }
    return { storeUrl: v.storeUrl, accessToken };
  });

export const shopifyConnectionSchema = z
  .object({
    storeName: required("Store name is required").max(200),
    storeUrl: required("Store URL is required").max(300),
    accessToken: z.string().trim().max(300).optional(),
    password: z.string().trim().max(300).optional(),
    apiKey: z.string().optional(),
    blogId: required("Blog selection is required").max(200),
  })
  .transform((v, ctx) => {
    const accessToken = v.accessToken || v.password;
    if (!accessToken) {
      ctx.addIssue({ code: "custom", message: "Access token is required" });
      return z.NEVER;
    }
    return { storeName: v.storeName, storeUrl: v.storeUrl, accessToken, blogId: v.blogId };
  });
export type ShopifyConnectionInput = z.infer<typeof shopifyConnectionSchema>;

export const shopifyConnectionViewSchema = z.object({
  id: z.number().int(),
  storeName: z.string(),
  storeUrl: z.string(),
  blogId: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ShopifyConnectionView = z.infer<typeof shopifyConnectionViewSchema>;

export const shopifyTestResultSchema = z.object({
  valid: z.boolean(),
  blogs: z.array(z.object({ id: z.string(), title: z.string() })),
  message: z.string().optional(),
});
export type ShopifyTestResult = z.infer<typeof shopifyTestResultSchema>;

export const wordpressTestConnectionSchema = z.object({
  siteUrl: required("Missing information: Please fill in all required fields before testing").max(300),
  username: required("Missing information: Please fill in all required fields before testing").max(200),
  applicationPassword: required("Missing information: Please fill in all required fields before testing").max(200),
  siteName: z.string().optional(),
  isActive: z.boolean().optional(),
});

export const wordpressConnectionSchema = z.object({
  siteName: required("Site name is required").max(200),
  siteUrl: required("Site URL is required").max(300),
  username: required("Username is required").max(200),
  applicationPassword: required("Application password is required").max(200),
  isActive: z.boolean().optional().default(true),
});
export type WordpressConnectionInput = z.infer<typeof wordpressConnectionSchema>;

export const wordpressConnectionViewSchema = z.object({
  id: z.number().int(),
  siteName: z.string(),
  siteUrl: z.string(),
  /** Empty for a site connected through the Postwright plugin. */
  username: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  /** "plugin" when connected through the Postwright plugin, else with an application password. */
  via: z.enum(["plugin", "application_password"]),
  /** When the plugin last called the service (plugin connections only). */
  lastUsedAt: z.iso.datetime().nullable(),
});
export type WordpressConnectionView = z.infer<typeof wordpressConnectionViewSchema>;

export const wordpressTestResultSchema = z.object({
  valid: z.boolean(),
  /** Why the test failed, in words the user can act on. */
  message: z.string().optional(),
  user: z.object({ id: z.number(), name: z.string() }).optional(),
});
export type WordpressTestResult = z.infer<typeof wordpressTestResultSchema>;

/** Checking a site connected through the Postwright plugin (a signed ping). */
export const wordpressPluginCheckSchema = z.object({
  valid: z.boolean(),
  /** Why the check failed, in words the user can act on. */
  message: z.string().optional(),
  /** The plugin's version, when it answered. */
  version: z.string().optional(),
});

/** Starting "Connect with WordPress" (WordPress's Authorize Application screen) for a site without the plugin. */
export const wordpressAuthorizationStartSchema = z.object({
  siteName: z.string().trim().min(1, "Site name is required").max(200),
  siteUrl: z.string().trim().min(1, "Site URL is required").max(300),
});
export type WordpressAuthorizationStart = z.infer<typeof wordpressAuthorizationStartSchema>;

/** Where the browser goes next: the site's Authorize Application screen, with a signed state. */
export const wordpressAuthorizationUrlSchema = z.object({ authorizeUrl: z.string() });

/** What WordPress adds to the success address (or `success=false` on the reject address); all optional as received. */
export const wordpressAuthorizationCallbackSchema = z.object({
  state: z.string().max(2000).optional(),
  success: z.string().max(10).optional(),
  site_url: z.string().max(500).optional(),
  user_login: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});
export type WordpressAuthorizationCallback = z.infer<typeof wordpressAuthorizationCallbackSchema>;
