import { afterAll, beforeAll, expect, it } from "vitest";
import request from "supertest";
import { createTestApp, type TestApp } from "../testing/index.ts";

let t: TestApp;
const delays: number[] = [];
beforeAll(async () => {
  // Behind one proxy, so each request can come from the address its X-Forwarded-For names.
  t = await createTestApp({ env: { TRUST_PROXY: "1" } });
  // Record the delays instead of waiting them out.
  t.ctx.delay = (ms) => {
    delays.push(ms);
    return Promise.resolve();
  };
});
afterAll(async () => {
  await t?.close();
});

const login = (from: string, body: { email: string; password: string }) =>
  request(t.app).post("/api/auth/login").set("X-Forwarded-For", from).send(body);

it("stops a stranger's guesses at an account from their address while the owner still signs in from theirs", async () => {
  const owner = await t.createUser();
  delays.length = 0;
  for (let i = 0; i < 10; i++) {
    expect((await login("203.0.113.9", { email: owner.email, password: `Wrong${i}!x` })).status).toBe(401);
  }
  const stopped = await login("203.0.113.9", { email: owner.email, password: owner.password });
  expect(stopped.status).toBe(429);
  expect(stopped.body.message).toBe(
    "Too many failed sign-in attempts from your network for this account. Please try again in 15 minutes.",
  );
  // The account's failures slow every further try down, more and more, after 5 free ones.
  expect(delays).toEqual([250, 500, 1000, 2000]);

  const signedIn = await login("198.51.100.20", owner);
  expect(signedIn.status).toBe(200);
  expect(delays).toEqual([250, 500, 1000, 2000, 4000]);
  expect(signedIn.body.email).toBe(owner.email);

  // Once the owner is in, the account's tries are no longer delayed from anywhere.
  delays.length = 0;
  expect((await login("192.0.2.77", { email: owner.email, password: "Wrong!x1" })).status).toBe(401);
  expect(delays).toEqual([]);
});

it("never refuses the account itself: guesses from many addresses only delay the owner, capped", async () => {
  const owner = await t.createUser();
  for (let i = 0; i < 30; i++) {
    expect((await login(`203.0.113.${i + 1}`, { email: owner.email, password: `Wrong${i}!x` })).status).toBe(401);
  }
  delays.length = 0;
  const signedIn = await login("198.51.100.20", owner);
  expect(signedIn.status).toBe(200);
  expect(delays).toEqual([8000]);
});

it("stops one address's wrong verification codes for an email without stopping the others", async () => {
  const email = t.uniqueEmail("verify-throttle");
  const registrant = request.agent(t.app);
  const registered = await registrant
    .post("/api/auth/register")
    .set("X-Forwarded-For", "198.51.100.30")
    .send({ firstName: "Ada", lastName: "Lovelace", email, password: "Passw0rd!" });
  expect(registered.status).toBe(200);
  const verify = (from: string, code: string) =>
    request(t.app).post("/api/auth/verify-email").set("X-Forwarded-For", from).send({ email, code });
  for (let i = 0; i < 10; i++) expect((await verify("203.0.113.50", "000000")).status).toBe(400);
  const stopped = await verify("203.0.113.50", "000000");
  expect(stopped.status).toBe(429);
  expect(stopped.body.message).toBe(
    "Too many incorrect verification codes from your network for this email. Please try again in 15 minutes.",
  );
  // Another address is answered as usual (the code itself died after 5 wrong tries: a new one can be requested).
  const elsewhere = await verify("198.51.100.30", "000000");
  expect(elsewhere.status).toBe(400);
});
