"use client";

import { usePathname } from "next/navigation";
import { useState } from "react";

/**
 * Phones (< 640 px): the navigation folds behind a Menu button, so the header stays two short
 * lines (brand, bell, Menu; who is signed in) instead of a third of the screen; from 640 px the panel is
 * simply part of the header. Following a link closes it.
 */
export function HeaderMenu({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  return (
    <>
      <button
        type="button"
        className="order-3 rounded border border-slate-600 px-2.5 py-1 text-xs font-medium text-slate-200 hover:bg-slate-800 sm:hidden"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpen(!open)}
        data-testid="menu-button"
      >
        {open ? "Close menu" : "Menu"}
      </button>
      <div
        id="site-menu"
        className={`${open ? "flex" : "hidden"} order-5 w-full flex-col gap-3 pb-1 sm:order-2 sm:flex sm:w-auto sm:flex-1 sm:flex-row sm:items-center sm:pb-0`}
      >
        {children}
      </div>
    </>
  );
}
