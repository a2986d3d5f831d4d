// The signature of the service's requests to the Postwright plugin: HMAC-SHA256 with the site's signing secret over
// "<unix seconds>\n<nonce>\n<raw body>", sent as X-Postwright-Signature: sha256=<hex>. The plugin refuses a wrong
// signature, a timestamp more than 300 s away and a nonce it has seen in the last 10 minutes.
import { createHmac, randomUUID } from "node:crypto";

export function signPluginRequest(
  input: { siteId: string; signingSecret: string; body: string },
  at: Date = new Date(),
  nonce: string = randomUUID(),
): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac("sha256", input.signingSecret).update(`${timestamp}\n${nonce}\n${input.body}`).digest("hex");
  return {
    "X-Postwright-Site": input.siteId,
    "X-Postwright-Timestamp": timestamp,
    "X-Postwright-Nonce": nonce,
    "X-Postwright-Signature": `sha256=${signature}`,
  };
}
