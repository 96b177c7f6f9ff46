import { randomBytes } from "node:crypto";
import { sealer } from "../auth/seal";

/**
 * Signing secrets (Standard Webhooks: `whsec_` and the base64 of the key). They are stored sealed,
 * not hashed, because every delivery signs with them; never logged, shown once.
 */
const secrets = sealer("webhook secret");

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function sealSecret(secret: string): string {
  return secrets.seal(Buffer.from(secret, "utf8"));
}

/** Whether a sealed secret opens under this installation's secret (it may not after NEXTAUTH_SECRET changed). */
export function secretOpens(sealed: string): boolean {
  return secrets.open(sealed) !== undefined;
}

export function openSecret(sealed: string): string {
  const plain = secrets.open(sealed);
  // A row sealed under another installation secret: it cannot sign, so nothing is delivered.
  if (!plain) throw new Error("A webhook secret does not open under this installation's secret (was NEXTAUTH_SECRET changed?): rotate the endpoint's secret.");
  return plain.toString("utf8");
}

/** How long a rotated-out secret keeps signing beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
