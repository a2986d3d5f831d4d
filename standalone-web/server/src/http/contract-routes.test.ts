import express, { Router } from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteContract } from "@postwright/core/contracts/api-v1";
import { conformsTo } from "../testing/openapi-conformance.ts";
import { implement } from "./contract-routes.ts";
import { errorHandler } from "./errors.ts";

const renamePost = {
  method: "PATCH",
  path: "/posts/:id/name",
  summary: "Rename a post",
  caller: "site",
  body: z.object({ name: z.string({ message: "Give the name." }).min(1, "Give the name.") }),
  responses: {
    200: { description: "Renamed.", schema: z.object({ id: z.string(), name: z.string() }) },
    400: { description: "Bad input.", schema: z.object({ message: z.string() }) },
  },
} as const satisfies RouteContract;

function appWith(router: Router) {
  return express().use(express.json()).use(router).use(errorHandler);
}

describe("implement", () => {
  it("serves the contract's method and path, parses the body with its schema, and sends the handler's answer", async () => {
    const router = Router();
    implement(router, renamePost, ({ params, body }) => ({ status: 200, body: { id: params.id, name: body().name } }));
    const app = appWith(router);

    const renamed = await request(app).patch("/posts/7/name").send({ name: "Tea" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: "7", name: "Tea" });

    const refused = await request(app).patch("/posts/7/name").send({});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Give the name.");

    expect((await request(app).post("/posts/7/name").send({ name: "Tea" })).status).toBe(404);
  });

  it("does not compile a handler whose answer the contract does not list", () => {
    const router = Router();
    // @ts-expect-error 201 is not one of the route's answers
    implement(router, renamePost, () => ({ status: 201, body: { id: "1", name: "x" } }));
    // @ts-expect-error the body lacks the name the contract promises
    implement(router, renamePost, () => ({ status: 200, body: { id: "1" } }));
    // @ts-expect-error the route has no parameter named postId
    implement(router, renamePost, ({ params }) => ({ status: 200, body: { id: params.postId, name: "x" } }));
    expect(router.stack).toHaveLength(3);
  });
});

describe("conformsTo", () => {
  const document = {
    paths: {
      "/posts/{id}/name": {
        patch: {
          responses: {
            200: {
              content: {
                "application/json": {
                  schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
                },
              },
            },
            204: {},
          },
        },
      },
    },
  };
  const answering = (status: number, body?: unknown) => {
    const router = Router();
    router.patch("/posts/:id/name", (_req, res) => {
      if (body === undefined) res.status(status).end();
      else res.status(status).json(body);
    });
    return request(appWith(router)).patch("/posts/7/name").expect(conformsTo(document, ""));
  };

  it("accepts an answer the document describes", async () => {
    expect((await answering(200, { name: "Tea" })).status).toBe(200);
    expect((await answering(204)).status).toBe(204);
  });

  it("refuses a status the document does not list, and a body that does not fit its schema", async () => {
    await expect(answering(409, { message: "No." })).rejects.toThrow(/status the document does not list \(200, 204\)/);
    await expect(answering(200, { title: "Tea" })).rejects.toThrow(/must have required property 'name'/);
  });
});
