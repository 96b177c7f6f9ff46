import { randomUUID } from "node:crypto";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { FIXTURE_PASSWORD_HASH } from "./fixtures/accounts";

/**
 * A team of a test file's own with one member holding `permissions`, and that member's API key:
 * rows the file writes stay out of the fixture teams' lists other files read.
 */
export async function newTeamMember(permissions: readonly string[], label: string): Promise<{ teamId: string; key: string }> {
  const teamId = randomUUID();
  const userId = randomUUID();
  await getDb().team.create({ data: { id: teamId, name: `${label} ${teamId}`, createdAt: new Date() } });
  await getDb().user.create({
    data: { id: userId, email: `${userId}@members.test`, name: `${label} member`, passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId, createdAt: new Date() },
  });
  return { teamId, key: (await createApiKey(getDb(), { userId, name: `${label} test` })).secret };
}

/** A marketplace-team member of a team of a test file's own who may verify trades (and read marks): the key. */
export async function newVerifier(label: string): Promise<string> {
  const teamId = randomUUID();
  const userId = randomUUID();
  await getDb().team.create({ data: { id: teamId, name: `${label} verifiers ${teamId}`, createdAt: new Date() } });
  await getDb().user.create({
    data: { id: userId, email: `${userId}@verifiers.test`, name: "Verifier", passwordHash: FIXTURE_PASSWORD_HASH, role: "marketplace_ops", permissions: JSON.stringify(["companies", "trades_verify"]), teamId, createdAt: new Date() },
  });
  return (await createApiKey(getDb(), { userId, name: `${label} test` })).secret;
}
