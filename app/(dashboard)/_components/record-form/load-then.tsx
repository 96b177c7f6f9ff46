"use client";

import { useEffect, useState } from "react";
import { ApiError } from "@/lib/schema/errors";
import type { ActionResult } from "../../_actions/result";

/**
 * Reads something through a server action when it mounts (an edit opened from a table row reads
 * the indication and its ETag as they are now), then renders it.
 */
export function LoadThen<T>({ load, children }: { load: () => Promise<ActionResult<T>>; children: (value: T) => React.ReactNode }) {
  const [state, setState] = useState<ActionResult<T> | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (result) => live && setState(result),
      () => live && setState({ ok: false, error: new ApiError("internal_error", "It could not be loaded. Try again.").toBody().error }),
    );
    return () => {
      live = false;
    };
    // Loaded once per mount: the dialog remounts its content each time it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (state === null) return <Loading />;
  if (!state.ok) return <p role="alert" className="text-sm text-red-700">{state.error.message}</p>;
  return <>{children(state.value)}</>;
}

/** What a form dialog shows while its form or its data loads. */
export function Loading() {
  return <p className="text-sm text-slate-500">Loading…</p>;
}
