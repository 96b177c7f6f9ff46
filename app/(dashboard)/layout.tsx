import { headers } from "next/headers";
import { phoneHint } from "@/components/data-table/phone-hint";
import { PhoneHintProvider } from "@/components/data-table/use-phone";
import { NavigationProgress } from "@/components/layout/navigation-progress";
import { LiveRefresh } from "@/components/live/live-refresh";
import { SiteHeader } from "@/components/layout/site-header";
import { REQUIRES } from "@/lib/auth/requirements";
import { unreadCount } from "@/lib/notifications/queries";
import { followedCompanyIds } from "@/lib/watchlist/watchlist";
import { CompanyLinksProvider } from "./_components/company-links";
import { FollowProvider } from "./_components/follow";
import { requireCaller } from "./_lib/caller";
import { waitingCount } from "./_lib/verification";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const caller = await requireCaller();
  const [waiting, unread, followed] = await Promise.all([waitingCount(caller), unreadCount(caller.userId), followedCompanyIds(caller)]);
  const phone = phoneHint(await headers());
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm"
      >
        Skip to content
      </a>
      <NavigationProgress />
      {/* The marketplace team's badge and queue follow every team's trades as they change. */}
      {caller.permissions.includes(REQUIRES.verifyTrade.permission) ? <LiveRefresh queue /> : null}
      <SiteHeader caller={caller} waiting={waiting} unread={unread} />
      <main id="main" className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-5">
        <PhoneHintProvider phone={phone}>
          <CompanyLinksProvider canOpen={caller.permissions.includes(REQUIRES.viewCompany.permission)}>
            <FollowProvider followed={followed}>{children}</FollowProvider>
          </CompanyLinksProvider>
        </PhoneHintProvider>
      </main>
    </div>
  );
}
