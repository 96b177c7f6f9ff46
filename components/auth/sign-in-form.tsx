"use client";

import { signIn } from "next-auth/react";
import { useState, useTransition } from "react";
import { throttledMessage } from "@/lib/auth/throttle-message";

interface Props {
  callbackUrl: string;
  initialError: string | null;
  oidc: { id: string; name: string } | null;
}

const INVALID = "Invalid email or password.";

export function SignInForm({ callbackUrl, initialError, oidc }: Props) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, startTransition] = useTransition();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    setError(null);
    startTransition(async () => {
      try {
        const result = await signIn("credentials", { email, password, redirect: false });
        if (!result || result.error || !result.ok) {
          setError(
            throttledMessage(result?.error) ??
              (result?.error === "CredentialsSignin" || result?.status === 401 ? INVALID : "Sign-in failed. Try again in a moment."),
          );
          return;
        }
        // A full navigation, so every server component renders with the new session cookie.
        window.location.assign(callbackUrl);
      } catch {
        setError("Sign-in is unavailable right now. Try again in a moment.");
      }
    });
  }

  return (
    <div className="space-y-5">
      {/* method="post": a submit before hydration must never put the password in the URL. */}
      <form method="post" onSubmit={onSubmit} className="space-y-4" aria-describedby={error ? "sign-in-error" : undefined} noValidate>
        {error ? (
          <p
            id="sign-in-error"
            role="alert"
            data-testid="sign-in-error"
            className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {error}
          </p>
        ) : null}
        <div className="space-y-1">
          <label htmlFor="email" className="block text-xs font-medium text-slate-700">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            className="block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="password" className="block text-xs font-medium text-slate-700">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500"
          />
        </div>
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded bg-indigo-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
        >
          {pending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      {oidc ? (
        <div className="space-y-3">
          <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <button
            type="button"
            onClick={() => void signIn(oidc.id, { callbackUrl })}
            className="w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
          >
            Continue with {oidc.name}
          </button>
        </div>
      ) : null}
    </div>
  );
}
