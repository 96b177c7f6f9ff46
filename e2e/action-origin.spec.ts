import type { APIRequestContext, Page } from "@playwright/test";
import { ACCOUNTS, BASE_URL } from "./support/env";
import { expect, hydrated, signInViaApi, test } from "./support/fixtures";

/**
 * A server action is a public POST endpoint that writes with the session cookie, so it must come
 * from the dashboard itself, as the API's session writes must (docs/security.md, "Cross-site
 * writes with the session"): without an Origin, from another site or from `null` (a sandboxed
 * frame, a redirect), it is a 403 in the error shape and nothing is written, whether it is a
 * plain form post (no JavaScript) or the dashboard's own fetch (Next-Action). The same request
 * from the dashboard's origin still runs. Against the production build (proxy.ts refuses them).
 */

/** A request to replay: a no-JavaScript form's fields, or the bytes the page's script sent. */
interface Sent {
  headers: Record<string, string>;
  body: { multipart: Record<string, string> } | { data: Buffer };
}

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * What a browser without JavaScript posts from the API keys page's create form: its hidden fields
 * as the server rendered them (the action's id among them), and the name typed. Read from the
 * page's HTML: without JavaScript the streamed page stays hidden, so nobody can click in it.
 */
async function plainFormPost(request: APIRequestContext, name: string): Promise<Sent> {
  const html = await (await request.get("/settings/api-keys")).text();
  const form = /<form[^>]*data-testid="create-key-form"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
  const fields = Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]*)"(?: value="([^"]*)")?\/>/g)].map(([, field, value = ""]) => [decode(field), decode(value)]));
  expect(Object.keys(fields).some((field) => field.startsWith("$ACTION_")), "the form names its server action").toBe(true);
  return { headers: {}, body: { multipart: { ...fields, name } } };
}

/** Fills the create form with `name` and submits it on the hydrated page, holding the request back. */
async function scriptedPost(page: Page, name: string): Promise<Sent> {
  let sent: Sent | undefined;
  await page.route("**/settings/api-keys", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const all = await route.request().allHeaders();
    const kept = ["content-type", "next-action", "next-router-state-tree", "accept"];
    sent = { headers: Object.fromEntries(Object.entries(all).filter(([header]) => kept.includes(header))), body: { data: route.request().postDataBuffer() ?? Buffer.alloc(0) } };
    await route.abort();
  });
  await page.goto("/settings/api-keys");
  await hydrated(page.getByRole("button", { name: "Create key" }));
  await page.getByLabel("Key name").fill(name);
  await page.getByRole("button", { name: "Create key" }).click();
  await expect.poll(() => sent !== undefined, { message: "the form was sent" }).toBe(true);
  await page.unroute("**/settings/api-keys");
  expect(sent!.headers["next-action"]).toBeTruthy();
  return sent!;
}

/** The request sent again with `origin` (none when undefined): what a forging page can make a browser send. */
function replay(request: APIRequestContext, sent: Sent, origin: string | undefined) {
  const headers = { ...sent.headers, ...(origin === undefined ? {} : { origin }) };
  return request.fetch(`${BASE_URL}/settings/api-keys`, { method: "POST", headers, ...sent.body, maxRedirects: 0 });
}

async function keyListed(request: APIRequestContext, name: string): Promise<boolean> {
  const page = await request.get("/settings/api-keys");
  expect(page.status()).toBe(200);
  return (await page.text()).includes(name);
}

for (const [how, prepare] of [
  ["posted as a plain form (no JavaScript)", (page: Page, name: string) => plainFormPost(page.request, name)],
  ["sent by the page's script (Next-Action)", scriptedPost],
] as const) {
  test(`a server action ${how} runs only from the dashboard's origin`, async ({ page }) => {
    await signInViaApi(page.request, ACCOUNTS.broker);
    const name = `origin probe ${Date.now()}`;
    const sent = await prepare(page, name);
    for (const origin of [undefined, "https://evil.example", "null", "http://127.0.0.1.evil.example"]) {
      const refused = await replay(page.request, sent, origin);
      expect(refused.status(), `Origin: ${origin ?? "(none)"}`).toBe(403);
      expect(refused.headers()["content-type"]).toMatch(/^application\/json/);
      expect(await refused.json()).toEqual({
        error: { code: "forbidden", message: "A form of this site must be sent from this site.", param: null, errors: [], doc_url: "/docs/api.md#forbidden" },
      });
    }
    expect(await keyListed(page.request, name), "no key was minted by a refused request").toBe(false);

    // The same request from the dashboard's own origin: the origin is all that was refused.
    const accepted = await replay(page.request, sent, BASE_URL);
    expect(accepted.status(), await accepted.text()).toBe(200);
    expect(await keyListed(page.request, name)).toBe(true);
  });
}
