// The autopilot's content plans (core: @postwright/core/autopilot). Every route is the signed-in owner's own; titles
// get their slots as soon as they are added (and again by every background round).
//
//   GET    /api/content-plans                               -> { plans: ContentPlanView[] }
//   POST   /api/content-plans                               createContentPlanSchema -> 201 ContentPlanDetailView
//   GET    /api/content-plans/:id                           -> ContentPlanDetailView
//   PATCH  /api/content-plans/:id                           updateContentPlanSchema -> ContentPlanDetailView
//   DELETE /api/content-plans/:id                           -> 204
//   POST   /api/content-plans/:id/items                     { items: planItemSchema[] } -> { added }
//   POST   /api/content-plans/:id/import                    { csv } -> { added } (422 { message, problems })
//   PATCH  /api/content-plans/:id/items/:itemId             planItemSchema (partial) -> ContentPlanItemView
//   DELETE /api/content-plans/:id/items/:itemId             -> 204
//   POST   /api/content-plans/:id/items/:itemId/approve     -> ContentPlanItemView (scheduled in its slot)
//   POST   /api/content-plans/:id/items/:itemId/skip        -> ContentPlanItemView
//   POST   /api/content-plans/:id/items/:itemId/move        { direction: "earlier" | "later" } -> ContentPlanDetailView
//   POST   /api/content-plans/:id/ideas                     { niche, count? } -> PlanIdeasResponse
import { Router, type Request } from "express";
import { z } from "zod";
import {
  addPlanItems,
  approvePlanItem,
  assignPlanSlots,
  contentPlanView,
  createContentPlan,
  deleteContentPlan,
  importPlanCsv,
  listContentPlans,
  movePlanItem,
  parsePlanId,
  planItemId,
  planItemView,
  removePlanItem,
  skipPlanItem,
  suggestPlanIdeas,
  updateContentPlan,
  updatePlanItem,
} from "@postwright/core/autopilot";
import { createWriter, type Writer } from "@postwright/core/ai";
import { parseInput } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";
import { currentUser, requireUser } from "../http/auth.ts";

const addItemsSchema = z.object({ items: z.array(z.unknown(), { message: "Send the titles in items." }) });
const importSchema = z.object({
  csv: z
    .string({ message: "Send the CSV file's text in csv." })
    .max(1_000_000, "Import at most 1 MB of CSV at a time."),
});

export function createContentPlansRouter(ctx: ServerContext, options: { writer?: Writer } = {}): Router {
  const router = Router();
  const writer =
    options.writer ?? createWriter({ openai: ctx.config.openai, logger: ctx.logger, siteUrl: ctx.config.appUrl });
  const { prisma } = ctx.db;
  const planId = (req: Request) => parsePlanId(req.params.id);
  /** The item, checked to belong to the plan named in the path. */
  const itemId = (req: Request) => planItemId({ prisma }, currentUser(req).id, planId(req), req.params.itemId);
  const slotsThenView = async (userId: number, id: number) => {
    await assignPlanSlots({ prisma }, userId, id);
    return contentPlanView({ prisma }, userId, id);
  };

  router.get("/content-plans", requireUser, async (req, res) => {
    res.json({ plans: await listContentPlans({ prisma }, currentUser(req).id) });
  });

  router.post("/content-plans", requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    const plan = await createContentPlan({ prisma }, userId, req.body);
    res.status(201).json(await contentPlanView({ prisma }, userId, plan.id));
  });

  router.get("/content-plans/:id", requireUser, async (req, res) => {
    res.json(await contentPlanView({ prisma }, currentUser(req).id, planId(req)));
  });

  router.patch("/content-plans/:id", requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    await updateContentPlan({ prisma }, userId, planId(req), req.body);
    res.json(await slotsThenView(userId, planId(req)));
  });

  router.delete("/content-plans/:id", requireUser, async (req, res) => {
    await deleteContentPlan({ db: ctx.db }, currentUser(req).id, planId(req));
    res.status(204).end();
  });

  router.post("/content-plans/:id/items", requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    const { items } = parseInput(addItemsSchema, req.body);
    const result = await addPlanItems({ prisma }, userId, planId(req), items);
    await assignPlanSlots({ prisma }, userId, planId(req));
    res.json(result);
  });

  router.post("/content-plans/:id/import", requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    const { csv } = parseInput(importSchema, req.body);
    const result = await importPlanCsv({ prisma }, userId, planId(req), csv);
    await assignPlanSlots({ prisma }, userId, planId(req));
    res.json(result);
  });

  router.patch("/content-plans/:id/items/:itemId", requireUser, async (req, res) => {
    res.json(await updatePlanItem({ prisma }, currentUser(req).id, await itemId(req), req.body));
  });

  router.delete("/content-plans/:id/items/:itemId", requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    await removePlanItem({ prisma }, userId, await itemId(req));
    await assignPlanSlots({ prisma }, userId, planId(req));
    res.status(204).end();
  });

  router.post("/content-plans/:id/items/:itemId/approve", requireUser, async (req, res) => {
    const item = await approvePlanItem({ db: ctx.db }, currentUser(req).id, await itemId(req));
    res.json(await planItemView({ prisma }, item.id));
  });

  router.post("/content-plans/:id/items/:itemId/skip", requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    const item = await skipPlanItem({ db: ctx.db }, userId, await itemId(req));
    await assignPlanSlots({ prisma }, userId, planId(req));
    res.json(item);
  });

  router.post("/content-plans/:id/items/:itemId/move", requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    await movePlanItem({ prisma }, userId, await itemId(req), req.body);
    res.json(await contentPlanView({ prisma }, userId, planId(req)));
  });

  router.post("/content-plans/:id/ideas", requireUser, async (req, res) => {
    const cancel = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) cancel.abort();
    });
    res.json(
      await suggestPlanIdeas({ prisma, writer }, currentUser(req).id, planId(req), req.body, { signal: cancel.signal }),
    );
  });

  return router;
}
