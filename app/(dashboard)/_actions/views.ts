"use server";

import type { SavedView } from "@/lib/views/view";
import { deleteView, saveView } from "@/lib/views/views";
import { checkId } from "./inputs";
import { runAction, type ActionResult } from "./result";

/** The signed-in user's saved views of a table (lib/views/): save under a name, delete. */

export async function saveViewAction(input: unknown): Promise<ActionResult<SavedView>> {
  return runAction((caller) => saveView(caller, input));
}

export async function deleteViewAction(id: unknown): Promise<ActionResult<null>> {
  return runAction(async (caller) => {
    await deleteView(caller, checkId(id, "a saved view"));
    return null;
  });
}
