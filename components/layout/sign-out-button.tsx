"use client";

import { signOut } from "next-auth/react";
import { useTransition } from "react";

export function SignOutButton() {
  const [pending, startTransition] = useTransition();
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          await signOut({ redirect: false });
          // A full page load on purpose: no page of the old session may stay in the client
          // router cache (back button on a shared machine).
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination
          window.location.assign("/sign-in");
        })
      }
      className="rounded border border-slate-600 px-2.5 py-1 text-xs font-medium text-slate-200 hover:bg-slate-800 hover:text-white disabled:opacity-60"
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
