// The signed-in member's posts: writing one (JSON, or its progress as server-sent events), the lists, one post, saving
// an edit, removing a link, title suggestions, publishing now, scheduling and cancelling a schedule.
import { z } from "zod";
import type { RouteContract } from "../api-v1.ts";
import {
  generatePostSchema,
  optimizeTitleSchema,
  removePostLinkSchema,
  schedulePostSchema,
  updatePostSchema,
} from "../blog.ts";
import { voiceMatchSchema } from "../voice.ts";
import { blogPostViewSchema, optimizeTitleResponseSchema } from "../wordpress-plugin.ts";
import { badInput, badRequest, ok, otherSite, otherSiteOr, refusal, signedOut, tooLarge, tooMany } from "./answers.ts";

/** A post just written (GeneratePostResponse): the stored draft, its numbers, and the posts left this month. */
export const generatePostResponseSchema = z.object({
  blogPost: blogPostViewSchema,
  generatedContent: z.object({
    wordCount: z.number(),
    readingTime: z.number(),
    seoScore: z.number(),
    /** How close the post is to its site's voice; absent without a voice. */
    voiceMatch: voiceMatchSchema.optional(),
  }),
  /** Posts left this month after this one; -1 when unlimited. */
  tierInfo: z.object({ usageRemaining: z.number() }),
});

/** How POST /blog-posts/generate reports progress to a client that asks for it (in the document's description). */
const GENERATION_STREAM = `With "Accept: text/event-stream" the same call answers 200 with server-sent events instead of JSON (read them with fetch streaming: the request is a POST):
- event "stage", data {"stage":"planning"|"writing"|"reviewing"}, as the writer moves on;
- event "part", data {"index","total","kind","heading","html"}, each part of the post as soon as it is written (index 0 the introduction, 1..n the H2 sections, n+1 the conclusion; total null until the outline is known; kind "introduction"|"section"|"conclusion"; heading null for the introduction; html sanitised), in the order they finish;
- event "result", data as the JSON answer: the last event on success;
- event "error", data {"status","message", ...details}: the last event on failure (503 when the server restarts mid-generation: nothing stored, nothing counted);
- ": heartbeat" comment lines while a stage runs long.
The stream begins with the first stage: anything refused before the generation starts (bad input, signed out, the month's posts used up) is the ordinary JSON error with its status. Closing the connection does not cancel the generation: the post is still written, stored and counted.`;

const notFound = refusal("No such post among the member's.");
const published = z.object({ blogPost: blogPostViewSchema });
const publishErrors = {
  400: badRequest("The post cannot go to that platform (e.g. no connection to it)."),
  401: signedOut,
  403: otherSite,
  404: notFound,
  409: refusal("The post is being published there right now: check back in a minute."),
  502: refusal("The platform refused or failed (message has its reason)."),
} as const;

/** Publishing now to one platform: the same declaration for each. */
const publishTo = <P extends string>(platform: P, label: string) =>
  ({
    method: "POST",
    path: `/blog-posts/:id/publish/${platform}`,
    summary: `Publish the post to the member's ${label} now`,
    caller: "user",
    responses: { 200: ok("The post as published.", published), ...publishErrors },
  }) as const;

export const blogPostRoutes = {
  generatePost: {
    method: "POST",
    path: "/blog-posts/generate",
    summary: "Write a post from the form and store it as a draft (JSON, or its progress as server-sent events)",
    description: GENERATION_STREAM,
    caller: "user",
    body: generatePostSchema,
    responses: {
      200: ok("The post, written and stored as a draft.", generatePostResponseSchema),
      400: badInput,
      401: signedOut,
      403: otherSiteOr(
        "this month's posts of the plan are used up (message says so; usageRemaining, blogPostLimit, plan and resetsAt tell more)",
      ),
      413: tooLarge,
      429: refusal(
        "As many posts as the plan writes at once are being written: message says to wait for one to finish.",
      ),
      502: refusal("The AI model failed."),
      503: refusal(
        "The AI model is not available, or the server is restarting and the post was not finished (not counted): generate it again in a moment.",
      ),
    },
  },
  listPosts: {
    method: "GET",
    path: "/blog-posts",
    summary: "The member's posts, newest first",
    caller: "user",
    responses: { 200: ok("The posts.", z.array(blogPostViewSchema)), 401: signedOut },
  },
  listScheduledPosts: {
    method: "GET",
    path: "/blog-posts/scheduled",
    summary: "The member's scheduled posts, the soonest first",
    caller: "user",
    responses: { 200: ok("The scheduled posts.", z.array(blogPostViewSchema)), 401: signedOut },
  },
  suggestTitles: {
    method: "POST",
    path: "/blog-posts/optimize-title",
    summary: "Title suggestions for the title being typed",
    caller: "user",
    body: optimizeTitleSchema,
    responses: {
      200: ok("The suggestions.", optimizeTitleResponseSchema),
      400: badRequest("Bad input: message says what to fix."),
      401: signedOut,
      403: otherSite,
      413: tooLarge,
      429: tooMany("Too many suggestions in a minute (30), or this month's suggestions of the plan are used up."),
      502: refusal("The AI model failed."),
      503: refusal("The AI model is not available."),
    },
  },
  getPost: {
    method: "GET",
    path: "/blog-posts/:id",
    summary: "One of the member's posts",
    caller: "user",
    responses: { 200: ok("The post.", blogPostViewSchema), 401: signedOut, 404: notFound },
  },
  updatePost: {
    method: "PATCH",
    path: "/blog-posts/:id",
    summary: "Save an edit of a post (its text, title, SEO fields, slug or product cards); the post is analysed again",
    caller: "user",
    body: updatePostSchema,
    responses: {
      200: ok("The post as saved.", blogPostViewSchema),
      400: badRequest("Bad input (e.g. empty content): message says what to fix."),
      401: signedOut,
      403: otherSiteOr("the edit is not allowed on the post as it stands"),
      404: notFound,
      409: refusal("Another of the member's posts already uses that slug."),
      413: tooLarge,
    },
  },
  removePostLink: {
    method: "POST",
    path: "/blog-posts/:id/links/remove",
    summary: "Remove a link from the post's text (the words stay)",
    caller: "user",
    body: removePostLinkSchema,
    responses: {
      200: ok("The post without the link.", blogPostViewSchema),
      400: badRequest("Bad input: message says what to fix."),
      401: signedOut,
      403: otherSite,
      404: notFound,
      413: tooLarge,
    },
  },
  publishToShopify: publishTo("shopify", "Shopify store"),
  publishToWordpress: publishTo("wordpress", "WordPress site"),
  schedulePost: {
    method: "POST",
    path: "/blog-posts/:id/schedule",
    summary: "Schedule (or reschedule) the post on one or more platforms; the scheduler publishes it then",
    caller: "user",
    body: schedulePostSchema,
    responses: {
      200: ok("The post, scheduled.", published),
      400: badRequest("Bad input: a time not in the future, no platform, or a platform not connected."),
      401: signedOut,
      403: otherSiteOr("the plan does not include scheduling"),
      404: notFound,
      409: refusal("The post is being published right now: try again in a minute."),
      413: tooLarge,
    },
  },
  checkProductFacts: {
    method: "POST",
    path: "/blog-posts/:id/product-facts",
    summary:
      "Check what the post says of the store's products (prices, sizes and materials, stock) against the store now: Product facts",
    caller: "user",
    responses: {
      200: ok(
        "The post with its Product facts report (productFacts; null when it names none of the store's products).",
        published,
      ),
      400: badRequest("No Shopify store is connected."),
      401: signedOut,
      403: otherSite,
      404: notFound,
      502: refusal("The store did not answer (message has its reason)."),
    },
  },
  cancelSchedule: {
    method: "DELETE",
    path: "/blog-posts/:id/schedule",
    summary: "Cancel the post's schedule",
    caller: "user",
    responses: { 200: ok("The post, no longer scheduled.", published), 401: signedOut, 403: otherSite, 404: notFound },
  },
} as const satisfies Record<string, RouteContract>;
