"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { READ_URL } from "./notification-bell";

/**
 * Marks read, through the API as the bell does, the user's unread notifications about the page's
 * resource (`ids`, lib/notifications/queries.ts unreadAbout) as the page opens in the browser:
 * never on the server, where a prefetch would count as a visit. Once per visit (the page keys it by
 * its resource): what arrives while the page is open is the bell's to show. The page is then
 * redrawn, which brings the bell its count (docs/ui.md, "Notifications").
 */
export function MarkSeen({ ids }: { ids: string[] }) {
  const router = useRouter();
  const [atOpen] = useState(ids);
  useEffect(() => {
    if (atOpen.length === 0) return;
    void fetch(READ_URL, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ids: atOpen }) })
      .then((response) => response.ok && router.refresh())
      .catch(() => {});
  }, [atOpen, router]);
  return null;
}
