import SwaggerParser from "@apidevtools/swagger-parser";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiPath } from "@postwright/core/contracts/openapi";
import { siteApiContract } from "@postwright/core/contracts/site-api";
import { SESSION_COOKIE } from "../app.ts";
import { createTestApp, type TestApp } from "../testing/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: "https://app.example.com" } });
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document of every declared route of the site's API", async () => {
    const res = await request(t.app).get("/api/openapi.json");
    expect(res.status).toBe(200);
    const document = res.body as Parameters<typeof SwaggerParser.validate>[0] & {
      servers: Array<{ url: string }>;
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toMatchObject({ openapi: "3.1.0" });
    expect(document.servers[0]!.url).toBe("https://app.example.com/api");
    for (const route of Object.values(siteApiContract)) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(Object.keys(operation!.responses).sort()).toEqual(Object.keys(route.responses).sort());
    }
    // One operation per declaration: no two routes share a method and path (a later one would hide the other).
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(Object.keys(siteApiContract).length);
    const contact = document.paths["/contact"]!.post!;
    expect(JSON.stringify(contact.requestBody)).toContain('"email"');
  });

  it("says who may call each route: anyone, or the holder of the session cookie the server sets", async () => {
    const document = (await request(t.app).get("/api/openapi.json")).body as {
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(document.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie", name: SESSION_COOKIE });
    expect(document.paths["/auth/login"]!.post!.security).toEqual([]);
    expect(document.paths["/subscription/plans"]!.get!.security).toEqual([]);
    expect(document.paths["/auth/user"]!.get!.security).toEqual([{ session: [] }]);
    expect(document.paths["/account/sessions/{id}"]!.delete!.security).toEqual([{ session: [] }]);
  });
});
