// The OpenAPI 3.1 document of the plugin API (/api/v1), generated from the same zod schemas the server parses with
// (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI 3.1 uses as is). Request bodies are described as the client
// sends them (the schemas' input), responses as the server answers (their output).
import { z } from "zod";
import {
  contentPlanDetailViewSchema,
  contentPlanItemViewSchema,
  contentPlanListResponseSchema,
  planIdeasResponseSchema,
  planItemsAddedSchema,
} from "./autopilot-schemas.ts";
import { generatePostSchema, optimizeTitleSchema, updatePostSchema } from "./blog.ts";
import {
  apiErrorSchema,
  blogPostViewSchema,
  connectExchangeResponseSchema,
  connectExchangeSchema,
  generationAcceptedSchema,
  generationStatusSchema,
  optimizeTitleResponseSchema,
  seoAnalysisSchema,
  seoAnalyzeSchema,
  pluginScheduleSchema,
  siteResponseSchema,
  wordpressPublicationSchema,
} from "./wordpress-plugin.ts";

type JsonObject = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: "input" | "output"): JsonObject => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonObject;
  return rest;
};

const json = (schema: z.ZodType, io: "input" | "output") => ({ "application/json": { schema: schemaOf(schema, io) } });
const errorRef = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

interface Operation {
  summary: string;
  body?: z.ZodType;
  ok: { status: number; description: string; schema?: z.ZodType };
  auth?: boolean;
  errors?: number[];
  /** The path's parameters (e.g. ["id", "itemId"]). */
  pathParams?: string[];
}

/**
 * The request bodies of the content-plan routes. Their schemas, with their messages, live beside the autopilot's logic
 * (which this module, shared with the browser, does not import), so the server passes the ones it parses with.
 */
export interface ApiV1ContentPlanBodies {
  create: z.ZodType;
  update: z.ZodType;
  addItems: z.ZodType;
  importCsv: z.ZodType;
  updateItem: z.ZodType;
  move: z.ZodType;
  ideas: z.ZodType;
}

const errorDescriptions: Record<number, string> = {
  400: "Bad input: { message } says what to fix.",
  401: "Unknown or revoked site credential (code site_disconnected).",
  402: "This month's posts are used up (code quota_reached, with upgradeUrl).",
  403: "The account's plan does not include this (e.g. scheduling on the free plan); { message } says which plan does.",
  404: "Not found, or not this account's.",
  409: "The plan or title is not in a state that allows this (e.g. approving a title that is not waiting for review).",
  422: "The CSV file has bad rows: nothing was imported; problems lists each line and reason.",
  429: "Too many requests from this site (code rate_limited); Retry-After says when to try again.",
  503: "The AI model is not available (code model_unavailable).",
};

function operation(op: Operation): JsonObject {
  const auth = op.auth ?? true;
  const errors = [...new Set([...(auth ? [401, 429] : []), ...(op.errors ?? [])])].sort();
  const responses: JsonObject = {
    [op.ok.status]: {
      description: op.ok.description,
      ...(op.ok.schema ? { content: json(op.ok.schema, "output") } : {}),
    },
  };
  for (const status of errors) responses[status] = { description: errorDescriptions[status], content: errorRef };
  return {
    summary: op.summary,
    ...(auth ? {} : { security: [] }),
    ...(op.pathParams
      ? {
          parameters: op.pathParams.map((name) => ({
            name,
            in: "path",
            required: true,
            schema: { type: "string" },
          })),
        }
      : {}),
    ...(op.body ? { requestBody: { required: true, content: json(op.body, "input") } } : {}),
    responses,
  };
}

/** The content-plan routes (the autopilot), each reaching only the plans that publish through the calling site. */
function contentPlanPaths(bodies: ApiV1ContentPlanBodies): JsonObject {
  const plan = ["id"];
  const item = ["id", "itemId"];
  const detail = {
    status: 200,
    description: "The plan with its titles, slots and statuses.",
    schema: contentPlanDetailViewSchema,
  };
  const itemView = { status: 200, description: "The title as it now stands.", schema: contentPlanItemViewSchema };
  return {
    "/content-plans": {
      get: operation({
        summary: "The plans that publish to this site",
        ok: { status: 200, description: "The plans, with their counts.", schema: contentPlanListResponseSchema },
      }),
      post: operation({
        summary: "Create a plan that publishes to this site",
        body: bodies.create,
        ok: { ...detail, status: 201, description: "The new plan." },
        errors: [400],
      }),
    },
    "/content-plans/{id}": {
      get: operation({ summary: "One plan with its titles", pathParams: plan, ok: detail, errors: [404] }),
      patch: operation({
        summary: "Change a plan's name, cadence, posts ahead, mode, or pause and resume it",
        pathParams: plan,
        body: bodies.update,
        ok: detail,
        errors: [400, 404],
      }),
      delete: operation({
        summary: "Delete a plan (approved drafts are unscheduled; the posts stay)",
        pathParams: plan,
        ok: { status: 204, description: "Deleted." },
        errors: [404],
      }),
    },
    "/content-plans/{id}/items": {
      post: operation({
        summary: "Add titles to the end of a plan",
        pathParams: plan,
        body: bodies.addItems,
        ok: { status: 200, description: "How many were added.", schema: planItemsAddedSchema },
        errors: [400, 404],
      }),
    },
    "/content-plans/{id}/import": {
      post: operation({
        summary: "Import titles from a CSV file (all or nothing)",
        pathParams: plan,
        body: bodies.importCsv,
        ok: { status: 200, description: "How many were added.", schema: planItemsAddedSchema },
        errors: [400, 404, 422],
      }),
    },
    "/content-plans/{id}/ideas": {
      post: operation({
        summary: "Title ideas for the plan (counted as a title suggestion)",
        pathParams: plan,
        body: bodies.ideas,
        ok: { status: 200, description: "The ideas, and how many were left out.", schema: planIdeasResponseSchema },
        errors: [400, 404, 503],
      }),
    },
    "/content-plans/{id}/items/{itemId}": {
      patch: operation({
        summary: "Change a waiting title",
        pathParams: item,
        body: bodies.updateItem,
        ok: itemView,
        errors: [400, 404, 409],
      }),
      delete: operation({
        summary: "Remove a title not prepared yet",
        pathParams: item,
        ok: { status: 204, description: "Removed." },
        errors: [404, 409],
      }),
    },
    "/content-plans/{id}/items/{itemId}/approve": {
      post: operation({
        summary: "Approve a prepared draft: it is published in its slot",
        pathParams: item,
        ok: itemView,
        errors: [404, 409],
      }),
    },
    "/content-plans/{id}/items/{itemId}/skip": {
      post: operation({
        summary: "Skip a title: it is not published",
        pathParams: item,
        ok: itemView,
        errors: [404, 409],
      }),
    },
    "/content-plans/{id}/items/{itemId}/move": {
      post: operation({
        summary: "Move a waiting title one place earlier or later",
        pathParams: item,
        body: bodies.move,
        ok: detail,
        errors: [400, 404, 409],
      }),
    },
  };
}

export function buildApiV1OpenApi(options: {
  serverUrl: string;
  contentPlanBodies: ApiV1ContentPlanBodies;
}): JsonObject {
  return {
    openapi: "3.1.0",
    info: {
      title: "Postwright API for the WordPress plugin",
      version: "1.0.0",
      description:
        "Called by the Postwright WordPress plugin with its site credential. See docs/wordpress-plugin-api.md.",
    },
    servers: [{ url: options.serverUrl }],
    security: [{ siteCredential: [] }],
    components: {
      securitySchemes: {
        siteCredential: { type: "http", scheme: "bearer", description: "The site credential (pwsite_...)." },
      },
      schemas: { Error: schemaOf(apiErrorSchema, "output") },
    },
    paths: {
      "/connect/exchange": {
        post: operation({
          summary: "Exchange the one-time connect code for the site's credential",
          auth: false,
          body: connectExchangeSchema,
          ok: {
            status: 200,
            description: "The site's credential and signing secret.",
            schema: connectExchangeResponseSchema,
          },
          errors: [400, 429],
        }),
      },
      "/site": {
        get: operation({
          summary: "The connected site, its account's plan and this month's usage",
          ok: { status: 200, description: "The site and its account.", schema: siteResponseSchema },
        }),
        delete: operation({
          summary: "Disconnect the site (revokes its credential)",
          ok: { status: 204, description: "Disconnected." },
        }),
      },
      "/titles/optimize": {
        post: operation({
          summary: "Title suggestions",
          body: optimizeTitleSchema,
          ok: { status: 200, description: "The suggestions.", schema: optimizeTitleResponseSchema },
          errors: [400, 503],
        }),
      },
      "/generations": {
        post: operation({
          summary: "Start writing a post in the background",
          body: generatePostSchema,
          ok: { status: 202, description: "The generation was started.", schema: generationAcceptedSchema },
          errors: [400, 402],
        }),
      },
      "/generations/{id}": {
        get: operation({
          summary: "A generation's stage, and its post once done",
          pathParams: ["id"],
          ok: { status: 200, description: "The generation.", schema: generationStatusSchema },
          errors: [404],
        }),
      },
      "/posts/{id}": {
        get: operation({
          summary: "One post",
          pathParams: ["id"],
          ok: { status: 200, description: "The post.", schema: blogPostViewSchema },
          errors: [400, 404],
        }),
        patch: operation({
          summary: "Save an edit of a post",
          pathParams: ["id"],
          body: updatePostSchema,
          ok: { status: 200, description: "The post as saved, analysed again.", schema: blogPostViewSchema },
          errors: [400, 404],
        }),
      },
      "/seo/analyze": {
        post: operation({
          summary: "SEO analysis of content being edited",
          body: seoAnalyzeSchema,
          ok: { status: 200, description: "The score and every check.", schema: seoAnalysisSchema },
          errors: [400],
        }),
      },
      "/posts/{id}/wordpress-publication": {
        post: operation({
          summary: "Tell the service the plugin created or published the post in WordPress",
          pathParams: ["id"],
          body: wordpressPublicationSchema,
          ok: { status: 204, description: "Recorded." },
          errors: [400, 404],
        }),
      },
      "/posts/{id}/schedule": {
        post: operation({
          summary: "Schedule (or reschedule) the post on this site; the service's scheduler publishes it then",
          pathParams: ["id"],
          body: pluginScheduleSchema,
          ok: { status: 200, description: "The post, scheduled.", schema: blogPostViewSchema },
          errors: [400, 403, 404, 409],
        }),
        delete: operation({
          summary: "Cancel the post's schedule",
          pathParams: ["id"],
          ok: { status: 200, description: "The post, no longer scheduled.", schema: blogPostViewSchema },
          errors: [404],
        }),
      },
      ...contentPlanPaths(options.contentPlanBodies),
      "/openapi.json": {
        get: { summary: "This document", security: [], responses: { 200: { description: "OpenAPI 3.1 document." } } },
      },
    },
  };
}
