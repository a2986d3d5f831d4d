// The client's one way to talk to the API. Requests carry the session cookie; bodies are JSON, except uploads
// (FormData, whose multipart content type the browser sets). A non-OK response becomes an ApiError whose message is
// "<status>: <body text or status text>", the format the rest of the client (and its tests) parse.
import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import type { RouteAnswerBody, RouteInput } from "@postwright/core/contracts/route-types";
import type { RouteContract } from "@postwright/core/contracts/api-v1";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export class ApiError extends Error {
  readonly status: number;
  /** The raw response body (usually JSON such as {"message":"..."}); empty when the server sent none. */
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => "");
  throw new ApiError(response.status, response.statusText, text);
}

/** A request to the API: with the session cookie, asking for JSON; a FormData body goes as it is, any other as JSON. */
function requestInit(method: string, body: unknown): RequestInit {
  const init: RequestInit = { method, credentials: "include", headers: { Accept: "application/json" } };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  return init;
}

/** Sends one request to the API and returns the response; throws an ApiError for any non-2xx status. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, requestInit(method, body));
  await throwIfNotOk(response);
  return response;
}

/** Sends a request and reads the JSON answer (null for an empty body, such as 204). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** A route's input as a client passes it, with an optional signal to abandon the request. */
export type CallInput<C extends RouteContract> = RouteInput<C> & { signal?: AbortSignal };
/** The input argument of callRoute and routeQuery: optional when the route takes no parameters, query or body. */
type InputArgs<C extends RouteContract> = object extends RouteInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** The address of a route with its path's parameters filled in: "/api/account/sessions/abc". */
function routePath(route: RouteContract, params: Record<string, string | number> | undefined): string {
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path} needs ${name}.`);
    return encodeURIComponent(String(value));
  });
  return `/api${path}`;
}

/** The query string of a route's query parameters ("" without any); parameters left undefined are not sent. */
function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * Calls a route of the site's API as its contract declares it (@postwright/core/contracts, site-api.ts): the method and
 * path come from the declaration, the parameters, query, body and answer are typed by it. Errors are ApiErrors, as with
 * apiJson.
 */
export async function callRoute<C extends RouteContract>(
  route: C,
  ...[input]: InputArgs<C>
): Promise<RouteAnswerBody<C>> {
  const url = routeUrl(route, ...([input] as InputArgs<C>));
  const init = requestInit(route.method, input?.body);
  if (input?.signal) init.signal = input.signal;
  const response = await fetch(url, init);
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as RouteAnswerBody<C>;
}

/** The address of a route (parameters and query filled in), for a link: `<a href={routeUrl(route)} download>`. */
export function routeUrl<C extends RouteContract>(route: C, ...[input]: InputArgs<C>): string {
  return routePath(route, input?.params) + queryString(input?.query as Record<string, unknown> | undefined);
}

/**
 * The query key of a GET route: its address (parameters filled in), then its query when it has one. Keys begin with
 * the address, so invalidating ["/api/subscription/details"] (or every key starting "/api/subscription") reaches it.
 */
export function routeQueryKey<C extends RouteContract>(route: C, ...[input]: InputArgs<C>): readonly unknown[] {
  const path = routePath(route, input?.params);
  return input?.query === undefined ? [path] : [path, input.query];
}

/**
 * TanStack Query options reading a GET route of the site's API: keyed by routeQueryKey, fetched with callRoute, the
 * data typed by the route's declaration. `useQuery(routeQuery(siteApiContract.listSessions))`.
 */
export function routeQuery<C extends RouteContract>(route: C, ...[input]: InputArgs<C>) {
  const args = [input] as unknown as InputArgs<C>;
  return {
    queryKey: routeQueryKey(route, ...args),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callRoute(route, ...([{ ...input, signal }] as unknown as InputArgs<C>)),
  };
}

/** True when the error is the API answering 401 (no session, or it expired). */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return error instanceof Error && /^401: /.test(error.message);
}

/**
 * The sentence to show a person for a failed request: the server's JSON `message` when it sent one, otherwise the
 * given fallback (network failures, HTML error pages and bodies without a message all get the fallback).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const body = error instanceof ApiError ? error.body : /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1];
  if (!body) return fallback;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "message" in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === "string" && message.trim()) return message;
    }
  } catch {
    // Not JSON (a proxy's HTML page, for instance): nothing written for a person.
  }
  return fallback;
}

/** Builds the URL of a query from its key: the string and number parts joined with "/". */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.filter((part) => typeof part === "string" || typeof part === "number").join("/");
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** A query function that GETs the URL built from the query key; on 401 it returns null or throws, as asked. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKeyToUrl(queryKey), {
      credentials: "include",
      headers: { Accept: "application/json" },
      signal,
    });
    if (options.on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  };
}

/** The site's query client: data is loaded once and kept until a mutation invalidates it; nothing retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
