"use server";

import { revalidatePath } from "next/cache";
import { ApiKeyError } from "@/lib/api-keys/keys";
import { withLabel } from "@/lib/schema/messages";
import { createOwnApiKey, revokeOwnApiKey } from "@/lib/auth/own-api-keys";
import { getPageCaller } from "@/lib/auth/caller";

/**
 * Server actions of /settings/api-keys. Each one authenticates on its own (a server action is a
 * POST endpoint; the proxy in front is not enough) and only ever touches the caller's own keys.
 */

export type CreateKeyState =
  | { status: "idle" }
  | { status: "error"; message: string }
  | { status: "created"; name: string; prefix: string; secret: string; nonce: string };

export async function createKeyAction(_previous: CreateKeyState, form: FormData): Promise<CreateKeyState> {
  const caller = await getPageCaller();
  if (!caller) return { status: "error", message: "Your session has ended. Sign in again." };
  const name = form.get("name");
  if (typeof name !== "string") return { status: "error", message: "Give the key a name." };
  try {
    const { key, secret } = await createOwnApiKey(caller, name);
    revalidatePath("/settings/api-keys");
    // The secret goes back to this browser once, in the action's response; it is never stored.
    return { status: "created", name: key.name, prefix: key.prefix, secret, nonce: key.id };
  } catch (error) {
    if (error instanceof ApiKeyError && error.code === "invalid_name") {
      return { status: "error", message: withLabel(error.message, "name", "The name") };
    }
    console.error("[api-keys] create failed", error);
    return { status: "error", message: "The key could not be created. Try again." };
  }
}

export type RevokeKeyState = { status: "idle" } | { status: "error"; message: string } | { status: "revoked"; name: string };

export async function revokeKeyAction(_previous: RevokeKeyState, form: FormData): Promise<RevokeKeyState> {
  const caller = await getPageCaller();
  if (!caller) return { status: "error", message: "Your session has ended. Sign in again." };
  const id = form.get("id");
  if (typeof id !== "string" || id.length === 0) return { status: "error", message: "No key given." };
  const revoked = await revokeOwnApiKey(caller, id);
  if (!revoked) return { status: "error", message: "That key does not exist (or is not yours)." };
  revalidatePath("/settings/api-keys");
  return { status: "revoked", name: revoked.name };
}
