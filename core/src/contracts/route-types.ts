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

/** The body a client sends to a route. */
export type RouteRequestBody<C extends RouteContract> = C["body"] extends z.ZodType ? z.input<C["body"]> : never;
