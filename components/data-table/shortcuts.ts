"use client";

import { useRouter } from "next/navigation";
import { useEffect, type RefObject } from "react";

/** Fields and open dialogs keep their keys. */
const TYPING = "input, textarea, select, [contenteditable='true'], dialog[open]";

/**
 * The tables' keyboard shortcuts, for the first table of a page (`data-table-shortcuts`): `/`
 * goes to its search box, `j` / `k` move through the rows, `Enter` opens the focused row (its
 * `data-href`, else its details link), `n` starts a new one (the page's button marked
 * `data-shortcut="n"`).
 */
export function useTableShortcuts(section: RefObject<HTMLElement | null>) {
  const router = useRouter();
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const own = section.current;
      if (!own || document.querySelector("[data-table-shortcuts]") !== own) return;
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target instanceof Element && event.target.closest(TYPING)) return;
      const rows = [...own.querySelectorAll<HTMLElement>('tbody tr[data-testid="table-row"]')];
      const at = rows.indexOf(document.activeElement as HTMLElement);
      const act = (done: () => void) => {
        event.preventDefault();
        done();
      };
      if (event.key === "/") {
        const search = own.querySelector<HTMLInputElement>('input[type="search"]');
        if (search) act(() => search.focus());
      } else if ((event.key === "j" || event.key === "k") && rows.length > 0) {
        const next = rows[event.key === "j" ? Math.min(at + 1, rows.length - 1) : Math.max(at - 1, 0)];
        act(() => {
          next.focus();
          next.scrollIntoView({ block: "nearest" });
        });
      } else if (event.key === "Enter" && at >= 0) {
        // A row whose details link sits in its closed menu names its page itself.
        const href = rows[at].dataset.href;
        const link = rows[at].querySelector<HTMLAnchorElement>('a[data-testid^="open-"]');
        if (href) act(() => router.push(href));
        else if (link) act(() => link.click());
      } else if (event.key === "n") {
        const create = document.querySelector<HTMLButtonElement>('[data-shortcut="n"]');
        if (create) act(() => create.click());
      }
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [section, router]);
}
