"use client";

import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

/**
 * A thin bar across the top from the click on a link to another page until that page is shown,
 * so every navigation answers at once, whatever the server takes (links are not prefetched:
 * components/intent-link.tsx). Same-page links, new tabs and downloads are left alone.
 */
export function NavigationProgress() {
  const pathname = usePathname();
  const [pending, setPending] = useState(false);

  // The page changed: the navigation it was waiting for is done.
  const [shown, setShown] = useState(pathname);
  if (shown !== pathname) {
    setShown(pathname);
    setPending(false);
  }

  useEffect(() => {
    // Captured before Next's links handle the click (they cancel the browser's own navigation).
    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      setPending(true);
    }
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  if (!pending) return null;
  return (
    <div role="progressbar" aria-label="Loading the page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-indigo-100" data-testid="navigation-progress">
      <div className="h-full w-1/3 animate-progress bg-indigo-600" />
    </div>
  );
}
