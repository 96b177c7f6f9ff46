import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getPageCaller } from "@/lib/auth/caller";
import { OIDC_PROVIDER_ID, oidcConfig } from "@/lib/auth/options";
import { throttledMessage } from "@/lib/auth/throttle-message";

export const metadata: Metadata = { title: "Sign in" };

// next-auth sends errors back here as ?error=<code> (pages.error = "/sign-in").
const ERROR_MESSAGES: Record<string, string> = {
  CredentialsSignin: "Invalid email or password.",
  AccessDenied: "That account is not allowed to sign in here. Ask an administrator to add your e-mail address.",
  SessionRequired: "Please sign in to continue.",
};
const GENERIC_ERROR = "Sign-in failed. Try again, or use another method.";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(first(params.callbackUrl));
  // Already signed in (and the user still exists): go straight on.
  if (await getPageCaller()) redirect(callbackUrl);

  const errorCode = first(params.error);
  const error = errorCode ? (throttledMessage(errorCode) ?? ERROR_MESSAGES[errorCode] ?? GENERIC_ERROR) : null;
  const oidc = oidcConfig();

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <p className="text-xs font-semibold uppercase tracking-widest text-indigo-600">Marketplace desk</p>
          <h1 className="mt-1 text-xl font-semibold text-slate-900">Sign in</h1>
          <p className="mt-1 text-xs text-slate-500">Companies, indications and trades of your team.</p>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <SignInForm
            callbackUrl={callbackUrl}
            initialError={error}
            oidc={oidc ? { id: OIDC_PROVIDER_ID, name: oidc.name } : null}
          />
        </div>
      </div>
    </main>
  );
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
