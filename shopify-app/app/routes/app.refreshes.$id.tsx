// The address a refresh had before it moved under Your posts (/app/your-posts/refreshes/:id): a link kept from then
// opens the refresh at its address now.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "../shopify.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { redirect } = await authenticate.admin(request);
  return redirect(`/app/your-posts/refreshes/${encodeURIComponent(params.id ?? "")}`);
};
