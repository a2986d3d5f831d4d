// Express routes implemented from their contract (a RouteContract of @postwright/core/contracts): the method and path
// come from the contract, the handler's answer must be one of the contract's successful answers with its body (or the
// handler does not compile), and the query and body are parsed with the contract's schemas. Errors are thrown as
// AppErrors and answered by the error handler, with the statuses the contract lists. The site's own routes are added
// through contractRouter, which also lets only the contract's caller through (signed in, or the administrator).
import { Router, type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import type { RouteContract } from "@postwright/core/contracts/api-v1";
import type { RoutePathParamNames } from "@postwright/core/contracts/route-types";
import type { User } from "@postwright/core/db";
import { parseInput, unauthorized } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";
import { requireAdmin, requireUser } from "./auth.ts";

/** The statuses of a redirect: the browser is sent on to `location`. */
type RedirectStatus = 301 | 302 | 303 | 307 | 308;

type SuccessStatus<C extends RouteContract> = Extract<keyof C["responses"], 200 | 201 | 202 | 204 | RedirectStatus>;

type AnswerAt<C extends RouteContract, S> = S extends keyof C["responses"]
  ? S extends RedirectStatus
    ? { status: S; location: string }
    : C["responses"][S] extends { schema: infer T }
      ? T extends z.ZodType
        ? { status: S; body: z.output<T> }
        : { status: S }
      : never
  : never;

/**
 * What a handler of route C may answer: one of its successful statuses, with that status's body, or one of its redirects
 * with the address the browser goes to.
 */
export type ContractAnswer<C extends RouteContract> = AnswerAt<C, SuccessStatus<C>>;

export interface ContractRequest<C extends RouteContract> {
  req: Request;
  res: Response;
  params: Record<RoutePathParamNames<C["path"]>, string>;
  /** The signed-in user: always there for the routes a member or the administrator calls. */
  user: C["caller"] extends "user" | "admin" ? User : User | undefined;
  /** The query string parsed with the route's schema (a 400 with its messages when it does not fit). */
  query: () => C["query"] extends z.ZodType ? z.output<C["query"]> : never;
  /** The body parsed with the route's schema (a 400 with its messages when it does not fit). */
  body: () => C["body"] extends z.ZodType ? z.output<C["body"]> : never;
}

/** What a handler returns when the client has gone away and nobody waits for an answer: nothing is sent. */
export const CLIENT_GONE: unique symbol = Symbol("the client has gone away");

/**
 * What a handler returns when it has written the answer itself through `res`: an event stream, or an answer with a
 * body of its own that the route declares (e.g. the health check's 503). The tests still check it against the document.
 */
export const ANSWERED: unique symbol = Symbol("the handler has answered");

type HandlerResult<C extends RouteContract> = ContractAnswer<C> | typeof CLIENT_GONE | typeof ANSWERED;

export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
) => HandlerResult<C> | Promise<HandlerResult<C>>;

/** Adds `route` to `router`, answered by `handler` after the `guard` middleware (e.g. requireUser). */
export function implement<C extends RouteContract>(
  router: Router,
  route: C,
  handler: ContractHandler<C>,
  guard: RequestHandler[] = [],
): void {
  const method = route.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
  const signedIn = route.caller === "user" || route.caller === "admin";
  router[method](route.path, ...guard, async (req: Request, res: Response) => {
    // The guard lets only the caller through; a route whose guard forgot it still answers no one else.
    if (signedIn && !req.user) throw unauthorized();
    const answer: { status: number; body?: unknown; location?: string } | typeof CLIENT_GONE | typeof ANSWERED =
      await handler({
        req,
        res,
        params: req.params as ContractRequest<C>["params"],
        user: req.user as ContractRequest<C>["user"],
        query: () => {
          if (!route.query) throw new Error(`${route.method} ${route.path} declares no query.`);
          return parseInput(route.query, req.query) as ReturnType<ContractRequest<C>["query"]>;
        },
        body: () => {
          if (!route.body) throw new Error(`${route.method} ${route.path} declares no body.`);
          return parseInput(route.body, req.body) as ReturnType<ContractRequest<C>["body"]>;
        },
      });
    if (answer === CLIENT_GONE || answer === ANSWERED) return;
    if (answer.location !== undefined) {
      res.redirect(answer.status, answer.location);
      return;
    }
    res.status(answer.status);
    if ("body" in answer) res.json(answer.body);
    else res.end();
  });
}

/**
 * A router for routes of the site's API: `route(contract, handler, guard)` implements a route after the check its
 * caller needs (signed in for "user", the site's administrator for "admin"), then `guard` (e.g. rate limits).
 */
export function contractRouter(ctx: ServerContext): {
  router: Router;
  route: <C extends RouteContract>(route: C, handler: ContractHandler<C>, guard?: RequestHandler[]) => void;
} {
  const router = Router();
  const admin = requireAdmin(ctx);
  const callerGuard = (caller: RouteContract["caller"]): RequestHandler[] => {
    if (caller === "user") return [requireUser];
    if (caller === "admin") return [admin];
    if (caller === "none") return [];
    throw new Error(`The site's API has no routes for the caller "${caller}".`);
  };
  return {
    router,
    route: (route, handler, guard = []) => implement(router, route, handler, [...callerGuard(route.caller), ...guard]),
  };
}
