"use client";

import { IntentLink } from "@/components/intent-link";
import { usePathname } from "next/navigation";

export interface NavItem {
  href: string;
  label: string;
  /** A count beside the label (trades waiting for verification). */
  badge?: number;
}

function isActivePath(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Primary navigation; the current section carries aria-current="page". */
export function NavLinks({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  return (
    <ul className="flex flex-wrap items-center gap-1">
      {items.map((item) => {
        const active = isActivePath(pathname, item.href);
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
