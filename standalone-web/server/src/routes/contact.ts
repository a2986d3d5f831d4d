import { Router } from "express";
import type { ServerContext } from "../context.ts";

export function createContactRouter(_ctx: ServerContext): Router {
  return Router();
}
