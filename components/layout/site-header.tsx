import { IntentLink } from "@/components/intent-link";
import type { Caller } from "@/lib/auth/caller";
import { REQUIRES } from "@/lib/auth/requirements";
import { ROLE_LABELS } from "@/lib/format";
import { NotificationBell } from "@/components/live/notification-bell";
import { HeaderMenu } from "./header-menu";
import { NavLinks, type NavItem } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

function navItemsFor(caller: Pick<Caller, "role" | "permissions">, waiting: number | null = null): NavItem[] {
  return [
    { href: "/companies", label: "Companies" },
    // The Desk 50 and the movers rest on every company's mark: the market view's permission.
    ...(caller.permissions.includes(REQUIRES.viewMarket.permission) ? [{ href: "/market", label: "Market" }] : []),
    { href: "/indications", label: "Indications" },
    { href: "/trades", label: "Trades" },
    { href: "/deals", label: "Deals" },
    ...(caller.role === "team_lead" ? [{ href: "/review", label: "Review" }] : []),
    // The marketplace team's queue, with the number of trades waiting in it.
    ...(caller.permissions.includes("trades_verify") ? [{ href: "/verification", label: "Verification", badge: waiting ?? undefined }] : []),
    // The marketplace team's desk: every team's deals, to introduce, record terms, close or kill. Its
    // deals' pages open from it, so on one it is the current item rather than "Deals".
    ...(caller.permissions.includes("deals_manage") ? [{ href: "/ops/deals", label: "Deal desk", also: ["/deals/"] }] : []),
    { href: "/settings/api-keys", label: "API keys" },
    { href: "/docs/api", label: "API docs" },
  ];
}

/** The dashboard's top bar: brand, navigation, who is signed in (name, team, role), sign out (on phones the navigation and sign out behind a menu). */
export function SiteHeader({ caller, waiting = null, unread = 0 }: { caller: Caller; waiting?: number | null; unread?: number }) {
  return (
    <header className="border-b border-slate-800 bg-slate-900 text-slate-100">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:gap-x-6">
        <IntentLink href="/companies" className="order-1 text-sm font-semibold tracking-tight text-white">
          Marketplace desk
        </IntentLink>
        <HeaderMenu>
          <nav aria-label="Main" className="sm:flex-1">
            <NavLinks items={navItemsFor(caller, waiting)} />
          </nav>
          <div className="sm:hidden">
            <SignOutButton />
          </div>
        </HeaderMenu>
        <div className="order-2 flex flex-1 justify-end sm:order-3 sm:flex-none">
          <NotificationBell unread={unread} />
        </div>
        {/* On a phone who is signed in is a line of its own, under the bar: beside the bell and the
            menu there was room for "Ibrahim Nov…" only. Wrapped, never cut. */}
        <div className="order-4 flex w-full min-w-0 items-center gap-3 sm:order-3 sm:w-auto" data-testid="current-user">
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-2 leading-tight sm:block sm:text-right">
            <p className="text-sm font-medium text-white wrap-break-word" data-testid="current-user-name">
              {caller.name}
            </p>
            <p className="text-xs text-slate-400 wrap-break-word">
              <span data-testid="current-user-team">{caller.teamName}</span>
              <span aria-hidden="true"> · </span>
              <span data-testid="current-user-role">{ROLE_LABELS[caller.role] ?? caller.role}</span>
            </p>
          </div>
          <div className="hidden sm:block">
            <SignOutButton />
          </div>
        </div>
      </div>
    </header>
  );
}
