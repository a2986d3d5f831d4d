// res.json for this API. Express's version also serves what the API never uses (ETags and If-None-Match, which no-store
// answers do not need; app-wide replacer and spacing settings; JSONP-safe escaping) and turns bodies of 1,000
// characters or more into a Buffer, which makes Node write headers and body separately. This one stringifies once and
// hands Node one string, so headers and body leave in one write. Installed on the app's response prototype (app.ts).
import type { Response } from "express";

export function sendJson(this: Response, body: unknown): Response {
  const status = this.statusCode;
  if (status === 204 || status === 304) {
    this.removeHeader("Content-Type");
    this.removeHeader("Content-Length");
    this.removeHeader("Transfer-Encoding");
    this.end();
    return this;
  }
  const text = JSON.stringify(body) ?? "";
  if (!this.hasHeader("Content-Type")) this.setHeader("Content-Type", "application/json; charset=utf-8");
  this.setHeader("Content-Length", Buffer.byteLength(text));
  if (this.req.method === "HEAD") this.end();
  else this.end(text, "utf8");
  return this;
}
