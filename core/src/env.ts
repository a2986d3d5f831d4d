// The one place that reads process.env. Every deployable parses its configuration here once, at start-up,
// and passes the typed result down; nothing else may read the environment (a lint rule enforces it).
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  /** Public address of the site, used in links sent by email and in payment redirects. */
  APP_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().default("./.data"),
  DATABASE_URL: optionalString,
  SESSION_SECRET: optionalString,
  /** 32 bytes as 64 hex characters or base64; encrypts stored access tokens and application passwords. */
  ENCRYPTION_KEY: optionalString,
  /** Set when the site runs behind a reverse proxy that terminates HTTPS (number of hops, or "true"). */
  TRUST_PROXY: optionalString,
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  SMTP_URL: optionalString,
  /**
   * Production only: "1" lets a site without SMTP_URL run anyway and show verification codes to whoever registers
   * (a private demo). Anyone can then verify any address, the administrator's included.
   */
  INSECURE_SHOW_VERIFICATION_CODES: flag,
  MAIL_FROM: optionalString,
  /** Where contact-form messages are sent; defaults to ADMIN_EMAIL. */
  CONTACT_EMAIL: optionalString.pipe(z.email().optional()),
  ALLOW_PRIVATE_NETWORK_TARGETS: flag,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  STRIPE_PRICE_STARTER_MONTH: optionalString,
  STRIPE_PRICE_STARTER_YEAR: optionalString,
  STRIPE_PRICE_PROFESSIONAL_MONTH: optionalString,
  STRIPE_PRICE_PROFESSIONAL_YEAR: optionalString,
  /** The embedded Shopify app (shopify-app/): its client id and secret from the Partner Dashboard or the CLI. */
  SHOPIFY_API_KEY: optionalString,
  SHOPIFY_API_SECRET: optionalString,
  /** Public HTTPS address of the Shopify app (the CLI sets it during `shopify app dev`). */
  SHOPIFY_APP_URL: optionalString.pipe(z.url().optional()),
  /** Access scopes the Shopify app asks for, comma-separated (as in shopify.app.toml). */
  SCOPES: optionalString,
  /** Google OAuth 2.0 client (Google Cloud console, "Web application") for Search Console. */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** One host answering Google's OAuth and Search Console endpoints instead of Google's (the tests' local fake). */
  GOOGLE_API_BASE: optionalString.pipe(z.url().optional()),
  UPLOAD_DIR: optionalString,
  MAX_UPLOAD_MB: z.coerce.number().positive().max(100).default(10),
  SCHEDULER_ENABLED: z
    .enum(["1", "0", "true", "false", ""])
    .optional()
    .transform((v) => v !== "0" && v !== "false"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** "pretty": readable lines; "json": one JSON object a line. Unset: readable at a terminal outside production. */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** Server processes sharing the port: a number, or "auto" for one per processor. Above 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: z
    .union([z.literal("auto"), z.coerce.number().int().min(1).max(64), z.literal("")])
    .optional()
    .transform((v) => (v === "auto" ? availableParallelism() : v === "" || v === undefined ? 1 : v)),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: RawEnv["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  encryptionKey: Buffer;
  trustProxy: string | undefined;
  adminEmail: string | undefined;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    contactTo: string | undefined;
    /** Without SMTP_URL: whether verification codes may be returned to the page (always in development). */
    showCodesWithoutMail: boolean;
    /** INSECURE_SHOW_VERIFICATION_CODES is set: a production site shows codes however it can be reached. */
    insecureShowCodes?: boolean;
  };
  allowPrivateNetworkTargets: boolean;
  openai: { apiKey: string | undefined; baseUrl: string | undefined; model: string };
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string | undefined;
    /** Stripe price ids per "plan:interval"; without one, checkout describes the price itself. */
    priceIds: Partial<Record<"starter:month" | "starter:year" | "professional:month" | "professional:year", string>>;
  };
  /** The embedded Shopify app's settings; undefined unless SHOPIFY_API_KEY and SHOPIFY_API_SECRET are set. */
  shopify: ShopifyAppConfig | undefined;
  /** Search Console's OAuth client; undefined unless GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. */
  google: GoogleConfig | undefined;
  uploadDir: string;
  maxUploadBytes: number;
  schedulerEnabled: boolean;
  logLevel: RawEnv["LOG_LEVEL"];
  /** LOG_FORMAT when set; otherwise the server decides by its terminal (see standalone-web/server/src/main.ts). */
  logFormat: RawEnv["LOG_FORMAT"];
  /** How many server processes share the port (1: this process serves). */
  webConcurrency: number;
}

export interface ShopifyAppConfig {
  apiKey: string;
  apiSecret: string;
  appUrl: string | undefined;
  scopes: string[];
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** GOOGLE_API_BASE: one host for every Google endpoint (tests); undefined for Google's own hosts. */
  apiBase: string | undefined;
}

export class ConfigError extends Error {}

/** localhost, 127.0.0.0/8 or ::1: an address only this machine can reach. */
function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, "").toLowerCase();
  return name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

/** The scopes the app needs when SCOPES is not set (the same list as shopify.app.toml). */
export const DEFAULT_SHOPIFY_SCOPES = ["read_content", "write_content", "read_files", "write_files", "read_products"];

/**
 * The Shopify app's settings, for the app's own start-up: every missing variable named in one message.
 * (Other deployables only use config.shopify, when set, to refresh the offline tokens of shops they publish for.)
 */
export function requireShopifyConfig(config: Pick<Config, "shopify">): ShopifyAppConfig & { appUrl: string } {
  const missing = [
    !config.shopify?.apiKey && "SHOPIFY_API_KEY (the app's client id)",
    !config.shopify?.apiSecret && "SHOPIFY_API_SECRET (the app's client secret)",
    !config.shopify?.appUrl && "SHOPIFY_APP_URL (the app's public https address)",
  ].filter(Boolean);
  if (missing.length || !config.shopify?.appUrl) {
    throw new ConfigError(
      `The Shopify app cannot start: set ${missing.join(", ")}. Running \`shopify app dev\` sets them for you.`,
    );
  }
  return { ...config.shopify, appUrl: config.shopify.appUrl };
}

/**
 * Reads a secret from DATA_DIR, creating it on first use so that restarts keep sessions and stored tokens valid. The
 * folder is made readable by its owner only. A file left empty (a start stopped between creating and writing it) is
 * written anew: nothing can have been signed or encrypted with an empty key. Any other content that is not a key of
 * the right size stops the start.
 */
function persistedSecret(dataDir: string, file: string, bytes: number): Buffer {
  const path = join(dataDir, file);
  let text: string | undefined;
  try {
    text = readFileSync(path, "utf8").trim();
  } catch {
    text = undefined;
  }
  if (text) {
    if (!new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`).test(text)) {
      throw new ConfigError(
        `${path} does not hold a ${bytes}-byte key (${bytes * 2} hexadecimal characters). Restore it from a backup, or delete it to generate a new one (stored connections then need to be entered again).`,
      );
    }
    return Buffer.from(text, "hex");
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes);
  // Written whole under another name, then renamed: the file is never seen half written.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, secret.toString("hex"), { mode: 0o600 });
  renameSync(temporary, path);
  return secret;
}

function parseKey(value: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32) throw new ConfigError("ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)");
  return key;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      "Search Console needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (the OAuth client's id and secret); set both, or neither.",
    );
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    throw new ConfigError(
      "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database can be opened by one process only.",
    );
  }
  const dataDir = resolve(env.DATA_DIR);
  const port = env.PORT;
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  // Without a mail server a verification code can only be shown on the page, to whoever registers. That is safe
  // only where nobody else can reach the site: development, or a production build that listens on loopback only
  // and is addressed as localhost (a fresh `npm start`). Anything reachable needs SMTP_URL or the loud opt-in.
  const localOnly = isLoopbackHost(env.HOST) && isLoopbackHost(new URL(appUrl).hostname) && !env.TRUST_PROXY;
  const showCodesWithoutMail = env.NODE_ENV !== "production" || localOnly || env.INSECURE_SHOW_VERIFICATION_CODES;
  if (!env.SMTP_URL && !showCodesWithoutMail) {
    throw new ConfigError(
      "SMTP_URL is required in production: without a mail server verification codes could only be shown to " +
        "whoever registers, so anyone could verify any address (the administrator's included). Set SMTP_URL, or " +
        "INSECURE_SHOW_VERIFICATION_CODES=1 for a private demo that nobody else can reach.",
    );
  }
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port,
    host: env.HOST,
    appUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    sessionSecret: env.SESSION_SECRET ?? persistedSecret(dataDir, "session-secret", 32).toString("hex"),
    encryptionKey: env.ENCRYPTION_KEY ? parseKey(env.ENCRYPTION_KEY) : persistedSecret(dataDir, "encryption-key", 32),
    trustProxy: env.TRUST_PROXY,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? "Postwright <no-reply@localhost>",
      contactTo: env.CONTACT_EMAIL ?? env.ADMIN_EMAIL,
      showCodesWithoutMail,
      insecureShowCodes: env.INSECURE_SHOW_VERIFICATION_CODES,
    },
    allowPrivateNetworkTargets: env.ALLOW_PRIVATE_NETWORK_TARGETS,
    openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
      priceIds: Object.fromEntries(
        Object.entries({
          "starter:month": env.STRIPE_PRICE_STARTER_MONTH,
          "starter:year": env.STRIPE_PRICE_STARTER_YEAR,
          "professional:month": env.STRIPE_PRICE_PROFESSIONAL_MONTH,
          "professional:year": env.STRIPE_PRICE_PROFESSIONAL_YEAR,
        }).filter(([, id]) => id !== undefined),
      ),
    },
    shopify:
      env.SHOPIFY_API_KEY || env.SHOPIFY_API_SECRET
        ? {
            apiKey: env.SHOPIFY_API_KEY ?? "",
            apiSecret: env.SHOPIFY_API_SECRET ?? "",
            appUrl: env.SHOPIFY_APP_URL?.replace(/\/+$/, ""),
            scopes: env.SCOPES
              ? env.SCOPES.split(",")
                  .map((s) => s.trim())
                  .filter(Boolean)
              : DEFAULT_SHOPIFY_SCOPES,
          }
        : undefined,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            apiBase: env.GOOGLE_API_BASE?.replace(/\/+$/, ""),
          }
        : undefined,
    uploadDir: resolve(env.UPLOAD_DIR ?? join(dataDir, "uploads")),
    maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
    schedulerEnabled: env.SCHEDULER_ENABLED,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    webConcurrency: env.WEB_CONCURRENCY,
  };
}
