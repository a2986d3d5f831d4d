// Renders a piece of the client as the app does (query client, router, toasts) against a fake API.
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { vi } from "vitest";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/api";

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  /** The query string ("?page=2", or ""). */
  search: string;
}

type FakeRoute = FakeReply | ((request: FakeRequest) => FakeReply);

/**
 * Replaces fetch with a fake API: keys are "METHOD /path" (query strings ignored). Unknown routes answer 404, and
 * GET /api/auth/user answers 401 unless given. Returns the list of requests made.
 */
export function fakeApi(routes: Record<string, FakeRoute>): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = (init.method ?? "GET").toUpperCase();
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      const request = { method, path: url.pathname, body, search: url.search };
      requests.push(request);
      const route = routes[`${method} ${url.pathname}`];
      const reply: FakeReply =
        typeof route === "function"
          ? route(request)
          : (route ??
            (url.pathname === "/api/auth/user"
              ? { status: 401, body: { message: "Not signed in" } }
              : { status: 404 }));
      const status = reply.status ?? 200;
      const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
      return new Response(status === 204 ? null : text, {
        status,
        statusText: status === 404 ? "Not Found" : "",
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return requests;
}

/** Shows the current location, so a test can see where a page navigated. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderPage(
  page: ReactElement,
  {
    path = "/",
    at = path,
    routes = {},
  }: {
    path?: string;
    at?: string;
    /** Other pages by path, for the ones this page navigates to. */ routes?: Record<string, ReactElement>;
  } = {},
) {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={page} />
          {Object.entries(routes).map(([other, element]) => (
            <Route key={other} path={other} element={element} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
