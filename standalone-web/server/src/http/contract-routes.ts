// Express routes implemented from their contract (a RouteContract of @postwright/core/contracts): the method and path
// come from the contract, the handler's answer must be one of the contract's successful answers with its body (or the
// handler does not compile), and the body is parsed with the contract's schema. Errors are thrown as AppErrors and
// answered by the error handler, with the statuses the contract lists.
import type { Request, RequestHandler, Response, Router } from "express";
import type { z } from "zod";
import type { RouteContract } from "@postwright/core/contracts/api-v1";
import { parseInput } from "@postwright/core/errors";

/** The names of a path's parameters: "id" | "itemId" for "/content-plans/:id/items/:itemId". */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type SuccessStatus<C extends RouteContract> = Extract<keyof C["responses"], 200 | 201 | 202 | 204>;

type AnswerAt<C extends RouteContract, S> = S extends keyof C["responses"]
  ? C["responses"][S] extends { schema: infer T }
    ? T extends z.ZodType
      ? { status: S; body: z.output<T> }
      : { status: S }
    : never
  : never;

/** What a handler of route C may answer: one of its successful statuses, with that status's body. */
export type ContractAnswer<C extends RouteContract> = AnswerAt<C, SuccessStatus<C>>;

export interface ContractRequest<C extends RouteContract> {
  req: Request;
  res: Response;
  params: Record<PathParamNames<C["path"]>, string>;
  /** The body parsed with the route's schema (a 400 with its messages when it does not fit). */
  body: () => C["body"] extends z.ZodType ? z.output<C["body"]> : never;
}

export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
) => ContractAnswer<C> | Promise<ContractAnswer<C>>;

/** Adds `route` to `router`, answered by `handler` after the `guard` middleware (e.g. requireUser). */
export function implement<C extends RouteContract>(
  router: Router,
  route: C,
  handler: ContractHandler<C>,
  guard: RequestHandler[] = [],
): void {
  const method = route.method.toLowerCase() as "get" | "post" | "patch" | "delete";
  router[method](route.path, ...guard, async (req: Request, res: Response) => {
    const answer: { status: number; body?: unknown } = await handler({
      req,
      res,
      params: req.params as ContractRequest<C>["params"],
      body: () => {
        if (!route.body) throw new Error(`${route.method} ${route.path} declares no body.`);
        return parseInput(route.body, req.body) as ReturnType<ContractRequest<C>["body"]>;
      },
    });
    res.status(answer.status);
    if ("body" in answer) res.json(answer.body);
    else res.end();
  });
}
