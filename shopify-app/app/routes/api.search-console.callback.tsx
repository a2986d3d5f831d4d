// Where Google sends the browser back after the Search Console consent screen (SHOPIFY_APP_URL plus the core's
// SEARCH_CONSOLE_CALLBACK_PATH, the redirect URI the connect used). The consent ran in the whole window, outside
// Shopify admin, so this request carries no session token and proves no shop: it does not connect anything itself.
// It sends the browser back into the app in the shop's Shopify admin with Google's answer (`google_code`,
// `google_state`, `google_error`), and Your posts, authenticated as the shop, completes the connection only when the
// shop's own account started it. The shop is the one the approval's state was made for (encrypted and authenticated
// with ENCRYPTION_KEY); an approval that is not ours or has expired gets a page that says so and links to Shopify admin.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchConsoleCallbackSchema } from "@postwright/core/contracts";
import { connectStateUserId } from "@postwright/core/search-console";
import { adminAppUrl, appContext } from "../context.server";

const noStore = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

function refusedPage(): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Search Console was not connected - Postwright</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Search Console was not connected</h1>
<p>This Google approval has expired or was not started from Postwright in your Shopify admin. Nothing was saved.</p>
<p>Open Postwright in your Shopify admin, go to Your posts and choose Connect Search Console again.</p>
<p><a href="https://admin.shopify.com/">Back to Shopify admin</a></p>
</body></html>`;
  return new Response(html, { status: 400, headers: { ...noStore, "content-type": "text/html; charset=utf-8" } });
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const ctx = await appContext();
  const url = new URL(request.url);
  const parsed = searchConsoleCallbackSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return refusedPage();
  const userId = connectStateUserId(parsed.data.state, ctx.config.encryptionKey);
  const user = userId ? await ctx.db.prisma.user.findUnique({ where: { id: userId } }) : null;
  if (!user?.shopDomain) return refusedPage();
  const back = new URL(adminAppUrl(ctx, user.shopDomain, "/app/your-posts"));
  for (const [name, value] of Object.entries(parsed.data)) {
    if (value !== undefined) back.searchParams.set(`google_${name}`, value);
  }
  return new Response(null, { status: 303, headers: { ...noStore, location: back.toString() } });
};
