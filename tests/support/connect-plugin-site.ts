// Connects a real WordPress with the plugin active to the real service as the plugin's connect flow leaves it: a new
// account signs in, approves the site in the browser, the plugin exchanges the code, and the plugin stores the
// credential and signing secret (encrypted) with the service's address. For tests of the plugin against the service.
import request from "supertest";
import { expect } from "vitest";
import type { TestApp } from "../../standalone-web/server/src/testing/index.ts";
import type { WordPressSite } from "./wordpress/start-wordpress.ts";

export interface ConnectedPluginSite {
  /** The account the site is connected to, signed in on `agent`. */
  user: Awaited<ReturnType<TestApp["signUpAndLogin"]>>["user"];
  agent: ReturnType<TestApp["agent"]>;
  /** The site's id on the service. */
  siteId: string;
  /** The site credential as the plugin sends it: "Bearer …". */
  bearer: string;
}

/**
 * Connects `wordpress` to the service `t` listening at `serviceUrl`, for a new account, as the plugin's connect flow
 * leaves the site.
 */
export async function connectPluginSite(
  t: TestApp,
  wordpress: WordPressSite,
  serviceUrl: string,
): Promise<ConnectedPluginSite> {
  const agent = t.agent();
  const { user } = await t.signUpAndLogin(agent);
  const approved = await agent.post("/api/connect/wordpress/approve").send({
    siteUrl: wordpress.url,
    restUrl: wordpress.restUrl,
    state: "state-".padEnd(40, "x"),
    returnUrl: `${wordpress.url}/wp-admin/admin.php?page=postwright`,
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const code = new URL(approved.body.redirectUrl as string).searchParams.get("postwright_code");
  const exchanged = await request(t.app).post("/api/v1/connect/exchange").send({ code, siteUrl: wordpress.url });
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  await wordpress.php(`
    update_option( 'postwright_service_url', ${JSON.stringify(serviceUrl)} );
    Postwright_Credentials::save( array(
      'siteId'        => ${JSON.stringify(exchanged.body.siteId)},
      'credential'    => ${JSON.stringify(exchanged.body.credential)},
      'signingSecret' => ${JSON.stringify(exchanged.body.signingSecret)},
      'serviceUrl'    => ${JSON.stringify(serviceUrl)},
      'account'       => array( 'email' => ${JSON.stringify(user.email)} ),
    ) );
  `);
  return {
    user,
    agent,
    siteId: exchanged.body.siteId as string,
    bearer: `Bearer ${exchanged.body.credential as string}`,
  };
}
