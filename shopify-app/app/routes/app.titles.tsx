// Title suggestions for the write page (a resource route: an action only, called by the page's fetcher). The core
// counts each request in the plan's monthly allowance and asks the writer; the answer is the same as the site's.
import type { ActionFunctionArgs } from "@remix-run/node";
import { suggestTitles } from "@postwright/core/blog";
import { optimizeTitleSchema } from "@postwright/core/contracts";
import { parseInput } from "@postwright/core/errors";
import { actionError } from "../action-error.server";
import { readForm } from "../read-form.server";
import { writerFor } from "../context.server";
import { shopAccount } from "../shop-account.server";
import { authenticate } from "../shopify.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    const form = await readForm(request);
    const input = parseInput(optimizeTitleSchema, {
      originalTitle: form.get("title") ?? "",
      keywords: String(form.get("keywords") ?? "")
        .split(",")
        .map((keyword) => keyword.trim())
        .filter(Boolean),
    });
    const suggestions = await suggestTitles({ prisma: ctx.db.prisma, writer: writerFor(ctx) }, user.id, input, {
      signal: request.signal,
    });
    return { suggestions };
  } catch (error) {
    return actionError(error);
  }
};
