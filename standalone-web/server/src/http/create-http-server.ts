// The HTTP server for the Express app. Express gives every request and response its own prototype on arrival
// (Object.setPrototypeOf), which throws away the object shapes V8 has optimised Node's http code for: on a small
// machine that alone cuts an Express application's throughput to about a quarter. Here Node constructs requests and
// responses with the app's prototypes from the start, so Express's swap finds nothing to change. Behaviour is the same
// (same objects, same prototype chain); only the cost differs. `npm run bench -- api` measures both.
//
// The built client's pages and assets are answered before the app (`serveFirst`, see http/static-site.ts), as a
// static file server would answer them: `npm run bench -- landing` measures that path against a bare Node server.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Express } from "express";

type Constructor = new (...args: never[]) => object;

/** Node's own http constructors are plain functions; a class cannot be called on an existing object. */
const isPlainFunction = (fn: Constructor) => !Function.prototype.toString.call(fn).startsWith("class");

/** Answers a request itself and returns true, or returns false having written nothing. */
export type FirstHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createHttpServer(app: Express, serveFirst?: FirstHandler): http.Server {
  const handler = serveFirst
    ? (req: IncomingMessage, res: ServerResponse) => {
        if (!serveFirst(req, res)) app(req, res);
      }
    : app;
  if (!isPlainFunction(http.IncomingMessage) || !isPlainFunction(http.ServerResponse))
    return http.createServer(handler);

  function AppRequest(this: IncomingMessage, socket: Socket) {
    Reflect.apply(http.IncomingMessage, this, [socket]);
  }
  AppRequest.prototype = app.request;

  function AppResponse(this: ServerResponse, req: IncomingMessage, options?: unknown) {
    Reflect.apply(http.ServerResponse, this, [req, options]);
  }
  AppResponse.prototype = app.response;

  return http.createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
    },
    handler,
  );
}
