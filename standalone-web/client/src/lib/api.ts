// The client's one way to talk to the API. Requests carry the session cookie; bodies are JSON, except uploads
// (FormData, whose multipart content type the browser sets). A non-OK response becomes an ApiError whose message is
// "<status>: <body text or status text>", the format the rest of the client (and its tests) parse.
import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import type { RouteAnswerBody, RouteRequestBody } from "@postwright/core/contracts/route-types";
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

/** Sends one request to the API and returns the response; throws an ApiError for any non-2xx status. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: "include", headers: { Accept: "application/json" } };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  await throwIfNotOk(response);
  return response;
}

/** Sends a request and reads the JSON answer (null for an empty body, such as 204). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Calls a route of the site's API as its contract declares it (@postwright/core/contracts, site-api.ts): the method and
 * path come from the declaration, the body and the answer are typed by it. Errors are ApiErrors, as with apiJson.
 */
export function callRoute<C extends RouteContract>(
  route: C,
  input: { params?: Record<string, string | number>; body?: RouteRequestBody<C> } = {},
): Promise<RouteAnswerBody<C>> {
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path} needs ${name}.`);
    return encodeURIComponent(String(value));
  });
  return apiJson<RouteAnswerBody<C>>(route.method, `/api${path}`, input.body);
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
