// What a declared route (a RouteContract) takes and answers, as types: used by the server's typed routes and by the
// clients' typed calls, so both read the same declaration.
import type { z } from "zod";
import type { RouteContract } from "./api-v1.ts";

/** The statuses of a route's successful answers. */
export type RouteSuccessStatus<C extends RouteContract> = Extract<keyof C["responses"], 200 | 201 | 202 | 204>;

/** The body of a route's successful answer (null when it sends none). */
export type RouteAnswerBody<C extends RouteContract> = {
  [S in RouteSuccessStatus<C>]: C["responses"][S] extends { schema: infer T }
    ? T extends z.ZodType
      ? z.output<T>
      : null
    : never;
}[RouteSuccessStatus<C>];

/** The body a client sends to a route: JSON as its schema says, or the form of an upload (multipart). */
export type RouteRequestBody<C extends RouteContract> = C["body"] extends z.ZodType
  ? z.input<C["body"]>
  : C["multipart"] extends true
    ? FormData
    : never;

/** The query parameters a client sends to a route. */
export type RouteQuery<C extends RouteContract> = C["query"] extends z.ZodType ? z.input<C["query"]> : never;

/** The names of a path's parameters: "id" | "itemId" for "/content-plans/:id/items/:itemId". */
export type RoutePathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RoutePathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * What a client passes to call a route: its path's parameters, its query and its body, each required when the route
 * has them and absent otherwise.
 */
export type RouteInput<C extends RouteContract> = ([RoutePathParamNames<C["path"]>] extends [never]
  ? { params?: undefined }
  : { params: Record<RoutePathParamNames<C["path"]>, string | number> }) &
  (C["query"] extends z.ZodType ? { query: z.input<C["query"]> } : { query?: undefined }) &
  ([RouteRequestBody<C>] extends [never] ? { body?: undefined } : { body: RouteRequestBody<C> });
