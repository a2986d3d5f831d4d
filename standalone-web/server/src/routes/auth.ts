import { Router } from "express";
import type { ServerContext } from "../context.ts";

export function createAuthRouter(_ctx: ServerContext): Router {
  return Router();
}
