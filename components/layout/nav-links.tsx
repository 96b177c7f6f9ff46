"use client";

import { IntentLink } from "@/components/intent-link";
import { usePathname } from "next/navigation";

export interface NavItem {
  href: string;
  label: string;
}

export function isActivePath(pathname: string, href: string): boolean {
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
            </IntentLink>
          </li>
        );
      })}
    </ul>
  );
}
