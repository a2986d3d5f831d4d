import "../test/setup";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../test/render";
import { apiJson, apiRequest, ApiError, errorMessage, getQueryFn, isUnauthorizedError, queryKeyToUrl } from "./api";
import type { QueryFunctionContext } from "@tanstack/react-query";

function queryContext(queryKey: readonly unknown[]): QueryFunctionContext {
  return {
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
    client: undefined,
  } as unknown as QueryFunctionContext;
}

describe("apiRequest", () => {
  it("sends JSON with the session cookie and returns the response", async () => {
    const requests = fakeApi({ "POST /api/auth/login": { body: { ok: true } } });
    const response = await apiRequest("POST", "/api/auth/login", { email: "a@b.co", password: "x" });
    expect(await response.json()).toEqual({ ok: true });
    expect(requests[0]?.body).toEqual({ email: "a@b.co", password: "x" });
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]![1];
    expect(init.credentials).toBe("include");
    expect(init.headers).toMatchObject({ "Content-Type": "application/json" });
  });

  it("sends FormData as is, leaving the multipart content type to the browser", async () => {
    fakeApi({ "POST /api/images/upload": { body: { images: [] } } });
    const form = new FormData();
    form.append("altTexts", "");
    await apiRequest("POST", "/api/images/upload", form);
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]![1];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty("Content-Type");
  });

  it('fails with "<status>: <body>" for a non-OK answer', async () => {
    fakeApi({ "POST /api/auth/login": { status: 401, body: { message: "Invalid email or password." } } });
    const error = await apiRequest("POST", "/api/auth/login", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('401: {"message":"Invalid email or password."}');
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it("uses the status text when the error body is empty", async () => {
    fakeApi({ "GET /api/missing": { status: 404 } });
    await expect(apiRequest("GET", "/api/missing")).rejects.toThrow(/^404: Not Found$/);
  });

  it("reads an empty success body as null", async () => {
    fakeApi({ "POST /api/auth/logout": { status: 204 } });
    await expect(apiJson("POST", "/api/auth/logout")).resolves.toBeNull();
  });
});

describe("errorMessage", () => {
  it("shows the server's message when the body carries one", () => {
    expect(errorMessage(new ApiError(400, "Bad Request", '{"message":"Email already registered"}'), "Fallback")).toBe(
      "Email already registered",
    );
    // Errors built elsewhere in the spec format are read the same way.
    expect(errorMessage(new Error('409: {"message":"Taken"}'), "Fallback")).toBe("Taken");
  });

  it("falls back when there is nothing written for a person", () => {
    expect(errorMessage(new ApiError(502, "Bad Gateway", "<html>proxy error</html>"), "Login failed")).toBe(
      "Login failed",
    );
    expect(errorMessage(new ApiError(500, "Internal Server Error", ""), "Login failed")).toBe("Login failed");
    expect(errorMessage(new TypeError("Failed to fetch"), "Login failed")).toBe("Login failed");
    expect(errorMessage("nope", "Login failed")).toBe("Login failed");
  });
});

describe("query functions", () => {
  it("joins the key parts into the URL", () => {
    expect(queryKeyToUrl(["/api/blog-posts", 42])).toBe("/api/blog-posts/42");
  });

  it("returns null on 401 when asked to, and throws otherwise", async () => {
    fakeApi({});
    await expect(getQueryFn({ on401: "returnNull" })(queryContext(["/api/auth/user"]))).resolves.toBeNull();
    await expect(getQueryFn({ on401: "throw" })(queryContext(["/api/auth/user"]))).rejects.toThrow(/^401: /);
  });

  it("GETs the key's URL and returns its JSON", async () => {
    const requests = fakeApi({ "GET /api/blog-posts/7": { body: { id: 7 } } });
    await expect(getQueryFn({ on401: "throw" })(queryContext(["/api/blog-posts", 7]))).resolves.toEqual({ id: 7 });
    expect(requests).toEqual([{ method: "GET", path: "/api/blog-posts/7", search: "", body: undefined }]);
  });
});
