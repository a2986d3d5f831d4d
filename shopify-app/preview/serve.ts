// `npm run preview -w shopify-app`: the app for a test shop against the local fake Admin API, to click through in a
// browser with no Shopify account and no network.
import { startPreview } from "./start-preview.ts";

const port = Number(process.env.PORT || 3100);
const preview = await startPreview({ port });
console.log(`Postwright for Shopify, local preview: ${preview.url}/`);
console.log(`Store: ${preview.shop} (fake Admin API at ${preview.fake.origin}); Ctrl+C to stop.`);
const stop = () => {
  void preview.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
