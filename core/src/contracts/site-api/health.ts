// Liveness and readiness, for load balancers and docker-compose health checks.
import { z } from "zod";
import type { RouteContract } from "../api-v1.ts";
import { ok } from "./answers.ts";

/** Which database the site runs on ("postgres", or "pglite" embedded). */
const database = z.string();

export const healthRoutes = {
  getHealth: {
    method: "GET",
    path: "/health",
    summary: "Whether the site can answer: 200 when its database answers, 503 (out of rotation) when it does not",
    caller: "none",
    responses: {
      200: ok("The site and its database answer.", z.object({ status: z.literal("ok"), database })),
      503: ok(
        "The database does not answer; message says so.",
        z.object({ status: z.literal("unavailable"), database, message: z.string() }),
      ),
    },
  },
} as const satisfies Record<string, RouteContract>;
