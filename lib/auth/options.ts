import type { NextAuthOptions, User as AuthUser } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { getDb } from "../db/client";
import { unstorable } from "../schema/body";
import { httpsByConfig } from "../security/headers";
import { sameOriginRedirect } from "./callback-url";
import { authCookies } from "./cookies";
import { clientAddress } from "./client-address";
import { verifyPassword } from "./password";
import { authSecret } from "./secret";
import { endSessions, SESSION_VERSION_CLAIM, tokenSessionVersion } from "./sessions";
import { admitSignInAttempt, forgetSignInFailure } from "./throttle";
import { throttledCode } from "./throttle-message";

/**
 * next-auth (v4) configuration: who may sign in to the dashboard and what the session holds.
 *
 * - Credentials: e-mail + password, checked with bcrypt against `User.passwordHash`. An unknown
 *   e-mail and a wrong password fail the same way (and take about the same time), so the form
 *   cannot be used to find out which e-mails have accounts.
 * - OpenID Connect (optional): enabled only when OIDC_ISSUER, OIDC_CLIENT_ID and
 *   OIDC_CLIENT_SECRET are all set. It signs in only people whose (verified) e-mail already
 *   exists as a user here; it never creates accounts. Its redirect URI is
 *   `<NEXTAUTH_URL>/api/auth/callback/oidc`, so set NEXTAUTH_URL to the public origin with it.
 * - Sessions are JWTs in an encrypted, http-only cookie; `sub` is our user id, `sv` the user's
 *   session version. Pages and the API load the user (team, role, permissions, session version)
 *   from the database on every request, so a change of role or permissions applies at once, and
 *   a deleted or disabled user, or one whose sessions were ended, is signed out
 *   (lib/auth/sessions.ts).
 */

// NEXTAUTH_URL is optional: without it next-auth takes the origin from the request (its
// AUTH_TRUST_HOST switch) instead of assuming http://localhost:3000 and warning "NEXTAUTH_URL" on
// the first sign-in. With it (a proxy, SSO, HTTPS), next-auth uses it as given.
if (!process.env.NEXTAUTH_URL?.trim()) process.env.AUTH_TRUST_HOST ??= "true";

declare module "next-auth" {
  interface Session {
    user: { id: string; name?: string | null; email?: string | null };
    /** The session version the cookie was issued under (lib/auth/sessions.ts). */
    sessionVersion?: number;
  }
  interface User {
    sessionVersion?: number;
  }
}

/** Shift length of a desk: sign in again after 12 hours. */
const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

export const OIDC_PROVIDER_ID = "oidc";

// A valid bcrypt hash (cost 10) of a random string: checked when the e-mail is unknown, so that
// an unknown e-mail costs the same time as a wrong password.
const DUMMY_HASH = "$2b$10$kG2ZafpLgPYdOul4Ld1pden71ggNbQ/uWnW3QnGgwHUxQnyCXdSEO";

export function normalizeEmail(value: unknown): string | null {
  // No address holds U+0000 or half a surrogate pair, and the databases could not even look one up.
  if (typeof value !== "string" || unstorable(value) !== undefined) return null;
  const email = value.trim().toLowerCase();
  return email.length > 0 && email.length <= 320 ? email : null;
}

/** A user who may sign in: existing and not disabled. */
async function findUserByEmail(email: string) {
  const user = await getDb().user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, passwordHash: true, sessionVersion: true, disabledAt: true },
  });
  return user && user.disabledAt === null ? user : null;
}

export function oidcConfig(env: Record<string, string | undefined> = process.env) {
  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim();
  if (!issuer || !clientId || !clientSecret) return null;
  return { issuer: issuer.replace(/\/+$/, ""), clientId, clientSecret, name: env.OIDC_NAME?.trim() || "Single sign-on" };
}

interface OidcProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

function oidcProvider(config: NonNullable<ReturnType<typeof oidcConfig>>): OAuthConfig<OidcProfile> {
  return {
    id: OIDC_PROVIDER_ID,
    name: config.name,
    type: "oauth",
    wellKnown: `${config.issuer}/.well-known/openid-configuration`,
    issuer: config.issuer,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.sub, email: profile.email ?? null, name: profile.name ?? profile.preferred_username ?? null };
    },
  };
}

/** The credentials check: our user for a right e-mail + password, null for anything else. */
export async function authorizeCredentials(
  credentials: Record<string, unknown> | undefined,
  address = "unknown",
): Promise<AuthUser | null> {
  const email = normalizeEmail(credentials?.email);
  const password = typeof credentials?.password === "string" ? credentials.password : "";
  if (!email || password.length === 0 || password.length > 1024) return null;
  // Throttled before any hash is computed (lib/auth/throttle.ts): the sign-in route answers 429
  // before it gets here; this counts the attempt and holds the limit against concurrent guesses.
  const admitted = await admitSignInAttempt(getDb(), { email, address });
  if ("wait" in admitted) throw new Error(throttledCode(admitted.wait));
  const user = await findUserByEmail(email);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) return null;
  // Successful sign-ins are not counted.
  await forgetSignInFailure(getDb(), admitted.counted);
  return { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
}

/** OIDC: only a verified e-mail that already belongs to one of our users may sign in. */
export async function oidcUserFor(profile: unknown): Promise<{ id: string; email: string; name: string; sessionVersion: number } | null> {
  const p = profile as OidcProfile | undefined;
  const email = normalizeEmail(p?.email);
  if (!email || p?.email_verified === false) return null;
  const user = await findUserByEmail(email);
  return user ? { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion } : null;
}

const credentialsProvider = CredentialsProvider({
  id: "credentials",
  name: "Email and password",
  credentials: {
    email: { label: "Email", type: "email" },
    password: { label: "Password", type: "password" },
  },
  authorize: (credentials, req) =>
    authorizeCredentials(credentials, clientAddress((name) => (req.headers as Record<string, string | undefined> | undefined)?.[name])),
});

const oidc = oidcConfig();

export const authOptions: NextAuthOptions = {
  // Read when a request needs it, not on import: a build or `npm install` (the API types) imports
  // these options and has no business creating the installation's secret.
  get secret() {
    return authSecret();
  },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  useSecureCookies: httpsByConfig(),
  cookies: authCookies(),
  jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/sign-in", error: "/sign-in" },
  providers: oidc ? [credentialsProvider, oidcProvider(oidc)] : [credentialsProvider],
  events: {
    // Sign-out ends the user's sessions everywhere (the cookie alone would stay valid 12 h).
    async signOut({ token }) {
      if (typeof token?.sub === "string") await endSessions(getDb(), token.sub, tokenSessionVersion(token));
    },
  },
  callbacks: {
    async signIn({ account, profile }) {
      if (account?.provider !== OIDC_PROVIDER_ID) return true;
      return (await oidcUserFor(profile)) !== null;
    },
    async jwt({ token, user, account, profile }) {
      if (account && user) {
        if (account.provider === OIDC_PROVIDER_ID) {
          // The IdP's subject is not our id: map the (already checked) e-mail to our user.
          const ours = await oidcUserFor(profile ?? { email: user.email });
          if (!ours) throw new Error("OIDC user vanished between sign-in checks");
          token.sub = ours.id;
          token.email = ours.email;
          token.name = ours.name;
          token[SESSION_VERSION_CLAIM] = ours.sessionVersion;
        } else {
          token.sub = user.id;
          token[SESSION_VERSION_CLAIM] = user.sessionVersion ?? 0;
        }
        delete token.picture;
      }
      return token;
    },
    async session({ session, token }) {
      session.user = { id: token.sub ?? "", name: token.name ?? null, email: token.email ?? null };
      session.sessionVersion = tokenSessionVersion(token);
      return session;
    },
    // Never leave our origin after sign-in or sign-out (open-redirect guard, lib/auth/callback-url.ts).
    async redirect({ url, baseUrl }) {
      return sameOriginRedirect(url, baseUrl);
    },
  },
};
