"use client";

import { IntentLink } from "@/components/intent-link";
import { usePathname } from "next/navigation";

export interface NavItem {
  href: string;
  label: string;
  /** A count beside the label (trades waiting for verification). */
  badge?: number;
  /** Pages under another item's path that this one leads to ("/deals/": a deal's page, not the list). */
  also?: string[];
}

/** How much of the path the item claims: its longest prefix the path is under, 0 if none. */
function claim(pathname: string, item: NavItem): number {
  const own = pathname === item.href || pathname.startsWith(`${item.href}/`) ? item.href.length : 0;
  return Math.max(own, ...(item.also ?? []).filter((prefix) => pathname.startsWith(prefix)).map((prefix) => prefix.length));
}

/** Primary navigation; the current section carries aria-current="page". */
export function NavLinks({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  // The item of the longest claim is current: a deal's page is the desk's for those who have one.
  const claims = items.map((item) => claim(pathname, item));
  const best = Math.max(...claims);
  const current = best > 0 ? claims.indexOf(best) : -1;
  return (
    <ul className="flex flex-wrap items-center gap-1">
      {items.map((item, i) => {
        const active = i === current;
        return (
          <li key={item.href}>
            <IntentLink
              href={item.href}
              aria-current={active ? "page" : undefined}
              className={
                active
                  ? "rounded px-2.5 py-1.5 text-sm font-medium text-white bg-slate-700"
                  : "rounded px-2.5 py-1.5 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white"
              }
            >
              {item.label}
              {item.badge !== undefined ? (
                <span className="ml-1.5 rounded-full bg-amber-300 px-1.5 py-px text-[11px] font-semibold text-slate-950" data-testid={`nav-badge-${item.href.slice(1)}`}>
                  {item.badge}
                  <span className="sr-only"> waiting</span>
                </span>
              ) : null}
            </IntentLink>
          </li>
        );
      })}
    </ul>
  );
}
