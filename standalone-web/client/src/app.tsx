import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { BrowserRouter } from "react-router-dom";
import { Notifications } from "./components/layout/notifications";
import { createQueryClient } from "./lib/api";
import { AppRoutes } from "./routes";

/**
 * The whole client: data layer, router, pages and notifications. The prerenderer (prerender.tsx) renders the same
 * tree with a router fixed to one path, so the browser finds the elements it would have made itself.
 */
export function App({ queryClient, router }: { queryClient?: QueryClient; router?: (pages: ReactNode) => ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const pages = (
    <>
      <AppRoutes />
      <Notifications />
    </>
  );
  return (
    <QueryClientProvider client={client}>
      {router ? router(pages) : <BrowserRouter>{pages}</BrowserRouter>}
    </QueryClientProvider>
  );
}
