"use client";

import { useEffect, useRef, useState } from "react";
import { IntentLink } from "@/components/intent-link";
import { useAnchoredPosition } from "@/components/data-table/use-anchored-position";
import { useDisclosure } from "@/components/data-table/use-disclosure";
import { Timestamp } from "@/components/timestamp";
import type { Notification } from "@/lib/notifications/schema";
import { subscribe } from "./live-stream";

const LIST_URL = "/api/v1/my/notifications?limit=10";
export const READ_URL = "/api/v1/my/notifications/read";
const COUNT_URL = "/api/v1/my/notifications?limit=1";

/**
 * Another team's order's page (a possible match), the team's own row's or deal's page, the webhooks
 * settings, or the company's page for what the market showed.
 */
function pageOf(item: Notification): string {
  if (item.order) return `/market/${item.order.permalink_id}`;
  if (item.resource?.type === "webhook") return "/settings/webhooks";
  if (item.resource) return `/${item.resource.type}s/${item.resource.id}`;
  return item.company ? `/companies/${item.company.id}` : "/";
}

/**
 * The header's bell (docs/ui.md, "Notifications"): the unread count, kept live by the stream's
 * `notification` events; opened, the latest ten, each a link to what it tells of (opening one
 * marks it read), and "Mark all read". Reads and marks through the API, with the session.
 */
export function NotificationBell({ unread: rendered }: { unread: number }) {
  const [unread, setUnread] = useState(rendered);
  // A redraw of the page brings the server's count: it wins over what was counted here.
  const [shown, setShown] = useState(rendered);
  if (shown !== rendered) {
    setShown(rendered);
    setUnread(rendered);
  }
  const [items, setItems] = useState<Notification[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { open, close, panelId, rootProps, buttonProps, buttonRef } = useDisclosure();
  // Fixed and kept inside the window: hung from the bell's right edge it ran off a phone's left edge.
  const panelRef = useRef<HTMLDivElement>(null);
  const position = useAnchoredPosition(open, buttonRef, panelRef);

  useEffect(
    () =>
      subscribe(({ type, data }) => {
        if (type !== "notification") return;
        setItems((list) => (list ? [data as unknown as Notification, ...list].slice(0, 10) : list));
        // The count is asked for, not added to: a redraw of the page may already have brought a
        // server count that includes this notification, and adding one to it counted it twice.
        fetch(COUNT_URL)
          .then((response) => (response.ok ? (response.json() as Promise<{ unread_count: number }>) : null))
          .then((body) => body && setUnread(body.unread_count))
          .catch(() => {});
      }),
    [],
  );

  useEffect(() => {
    if (!open) return;
    let current = true;
    fetch(LIST_URL)
      .then((response) => (response.ok ? (response.json() as Promise<{ notifications: Notification[]; unread_count: number }>) : Promise.reject(new Error(String(response.status)))))
      .then((body) => {
        if (!current) return;
        setItems(body.notifications);
        setUnread(body.unread_count);
        setFailed(false);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [open]);

  async function markRead(body: { ids: string[] } | { all: true }) {
    const response = await fetch(READ_URL, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) return setFailed(true);
    setUnread(((await response.json()) as { unread_count: number }).unread_count);
    const now = new Date().toISOString();
    setItems((list) => list?.map((item) => ("all" in body || body.ids.includes(item.id) ? { ...item, read_at: item.read_at ?? now } : item)) ?? null);
  }

  return (
    <div {...rootProps} className="relative">
      <button
        {...buttonProps}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        className="relative inline-flex h-8 w-8 items-center justify-center rounded text-slate-200 hover:bg-slate-800 hover:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
        data-testid="notification-bell"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M10 3a5 5 0 0 0-5 5v3l-1.5 2.5h13L15 11V8a5 5 0 0 0-5-5Z" strokeLinejoin="round" />
          <path d="M8 16a2 2 0 0 0 4 0" />
        </svg>
        {unread > 0 ? (
          <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-amber-300 px-1 text-center text-[10px] font-semibold leading-4 text-slate-950" data-testid="notification-count">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        style={position}
        className="fixed z-40 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white text-slate-900 shadow-lg"
        data-testid="notification-panel"
      >
        <div className="flex items-center justify-between border-b border-slate-100 px-3 py-2">
          <h2 className="text-sm font-semibold">Notifications</h2>
          <button type="button" onClick={() => void markRead({ all: true })} disabled={unread === 0} className="text-xs font-medium text-indigo-700 hover:underline disabled:text-slate-400 disabled:no-underline">
            Mark all read
          </button>
        </div>
        {failed ? <p className="px-3 py-2 text-xs text-rose-700">The notifications could not be loaded. Try again.</p> : null}
        {items === null && !failed ? <p className="px-3 py-3 text-sm text-slate-600">Loading…</p> : null}
        {items?.length === 0 ? <p className="px-3 py-3 text-sm text-slate-600">Nothing yet. You are told here when a trade of your team is verified or unverified, and of new bids, offers and trades in the companies you follow.</p> : null}
        {items && items.length > 0 ? (
          <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
            {items.map((item) => (
              <li key={item.id} className={item.read_at ? "" : "bg-indigo-50"}>
                <IntentLink href={pageOf(item)} onClick={() => {
                    // Followed: the page it opens is what the user reads now, not the panel over it.
                    close();
                    if (!item.read_at) void markRead({ ids: [item.id] });
                  }} className="block px-3 py-2 text-sm hover:bg-slate-50" data-testid="notification-item">
                  <span className="block wrap-anywhere">{item.title}</span>
                  {item.reason ? <span className="block text-xs text-slate-600 wrap-anywhere">“{item.reason}”</span> : null}
                  <span className="block text-xs text-slate-600">
                    <Timestamp iso={item.created_at} />
                    {item.read_at ? null : <span className="sr-only"> (unread)</span>}
                  </span>
                </IntentLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
