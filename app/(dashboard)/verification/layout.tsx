import { forbidden } from "next/navigation";
import { requireCaller } from "../_lib/caller";

/** The marketplace team only (trades_verify); the check sits above loading.tsx so the 403 is real. */
export default async function VerificationLayout({ children }: { children: React.ReactNode }) {
  const caller = await requireCaller();
  if (!caller.permissions.includes("trades_verify")) forbidden();
  return children;
}
