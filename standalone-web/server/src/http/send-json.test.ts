import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { sendJson } from "./send-json.ts";

const app = express();
app.response.json = sendJson;
const long = { text: "Grüße ".repeat(400) };
app.get("/long", (_req, res) => res.json(long));
app.get("/created", (_req, res) => res.status(201).json({ id: 7 }));
app.get("/none", (_req, res) => res.status(204).json({ ignored: true }));
app.get("/problem", (_req, res) => res.type("application/problem+json").status(400).json({ title: "Bad" }));

describe("res.json", () => {
  it("sends the body as UTF-8 JSON with its length in bytes, however long", async () => {
    const res = await request(app).get("/long");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(long)));
    expect(res.body).toEqual(long);
  });

  it("keeps the status and a content type the route chose", async () => {
    expect((await request(app).get("/created")).body).toEqual({ id: 7 });
    const problem = await request(app).get("/problem");
    expect(problem.status).toBe(400);
    expect(problem.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(problem.body).toEqual({ title: "Bad" });
  });

  it("sends no body with 204, nor to a HEAD request", async () => {
    const none = await request(app).get("/none");
    expect(none.status).toBe(204);
    expect(none.text).toBe("");
    const head = await request(app).head("/long");
    expect(head.status).toBe(200);
    expect(head.text).toBeUndefined();
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(long)));
  });
});
