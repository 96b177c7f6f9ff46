import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { API_KEYS, SECRETS, TEAMS, UNKNOWN_SECRET, USERS } from "@/lib/testing/fixtures/accounts";
import { createApiKey, findActiveApiKey, listApiKeys, revokeApiKey } from "./keys";

describe("API keys", () => {
  it("finds an active key with its owner and team, and stamps lastUsedAt", async () => {
    const db = getDb();
    const { key, secret } = await createApiKey(db, { userId: USERS.betaBroker.id, name: "lookup test" });
    expect(secret).toMatch(/^mkd_[0-9A-Za-z]{32}$/);
    expect(key.prefix).toBe(secret.slice(0, 12));
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(stored.secretHash).not.toContain(secret.slice(4));
    expect(stored.lastUsedAt).toBeNull();

    const before = Date.now();
    const found = await findActiveApiKey(db, secret);
    expect(found?.keyId).toBe(key.id);
    expect(found?.owner).toMatchObject({ id: USERS.betaBroker.id, email: USERS.betaBroker.email, team: { id: TEAMS.beta.id, name: "Beta" } });
    expect(found?.scopes.sort()).toEqual([...USERS.betaBroker.permissions].sort());
    const used = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(used.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);

    await revokeApiKey(db, { prefixOrId: key.prefix, userId: USERS.betaBroker.id });
    expect(await findActiveApiKey(db, secret)).toBeNull();
    expect((await listApiKeys(db, USERS.betaBroker.id)).find((k) => k.id === key.id)?.revokedAt).toBeInstanceOf(Date);
  });

  it("returns null for revoked, unknown and malformed secrets", async () => {
    const db = getDb();
    expect(await findActiveApiKey(db, SECRETS.alphaRevoked)).toBeNull();
    expect(await findActiveApiKey(db, UNKNOWN_SECRET)).toBeNull();
    expect(await findActiveApiKey(db, "mkd_short")).toBeNull();
    expect(await findActiveApiKey(db, "' OR 1=1 --")).toBeNull();
  });

  it("narrows a key's scopes to its owner's permissions", async () => {
    const viewer = await findActiveApiKey(getDb(), SECRETS.alphaViewer);
    expect(viewer?.scopes).not.toContain("companies");
    const scoped = await findActiveApiKey(getDb(), SECRETS.alphaNoCompanies);
    expect(scoped?.scopes.sort()).toEqual([...API_KEYS.alphaNoCompanies.scopes].sort());
  });
});
