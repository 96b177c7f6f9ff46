import { describe, expect, it } from "vitest";
import { USERS } from "@/lib/testing/fixtures/accounts";
import { authOptions, authorizeCredentials, oidcConfig, oidcUserFor } from "./options";

const PASSWORD = "fixture-password";

describe("credentials sign-in", () => {
  it("signs in with the right password, case-insensitively on the e-mail", async () => {
    const user = await authorizeCredentials({ email: ` ${USERS.alphaBroker.email.toUpperCase()} `, password: PASSWORD });
    expect(user).toEqual({ id: USERS.alphaBroker.id, email: USERS.alphaBroker.email, name: USERS.alphaBroker.name, sessionVersion: 0 });
  });

  it("answers a wrong password and an unknown e-mail the same way", async () => {
    expect(await authorizeCredentials({ email: USERS.alphaBroker.email, password: "wrong" })).toBeNull();
    expect(await authorizeCredentials({ email: "nobody@alpha.test", password: PASSWORD })).toBeNull();
    expect(await authorizeCredentials({ email: USERS.alphaBroker.email, password: "" })).toBeNull();
    expect(await authorizeCredentials(undefined)).toBeNull();
  });
});

describe("OpenID Connect", () => {
  it("is off unless issuer, client id and secret are all set", () => {
    expect(oidcConfig({})).toBeNull();
    expect(oidcConfig({ OIDC_ISSUER: "https://idp.example", OIDC_CLIENT_ID: "desk" })).toBeNull();
    expect(oidcConfig({ OIDC_ISSUER: "https://idp.example/", OIDC_CLIENT_ID: "desk", OIDC_CLIENT_SECRET: "s" })).toMatchObject({
      issuer: "https://idp.example",
      name: "Single sign-on",
    });
  });

  it("signs in only verified e-mails of existing users, mapped to our user id", async () => {
    expect(await oidcUserFor({ sub: "idp-1", email: USERS.alphaLead.email, email_verified: true })).toMatchObject({
      id: USERS.alphaLead.id,
    });
    expect(await oidcUserFor({ sub: "idp-1", email: USERS.alphaLead.email, email_verified: false })).toBeNull();
    expect(await oidcUserFor({ sub: "idp-2", email: "stranger@elsewhere.test", email_verified: true })).toBeNull();
    expect(await oidcUserFor({ sub: "idp-3" })).toBeNull();

    const signIn = authOptions.callbacks!.signIn!;
    const account = { provider: "oidc", providerAccountId: "idp-1", type: "oauth" as const };
    const user = { id: "idp-1", email: USERS.alphaLead.email };
    expect(await signIn({ user, account, profile: { email: USERS.alphaLead.email } })).toBe(true);
    expect(await signIn({ user, account, profile: { email: "stranger@elsewhere.test" } })).toBe(false);

    const token = await authOptions.callbacks!.jwt!({
      token: { sub: "idp-1" },
      user,
      account,
      profile: { email: USERS.alphaLead.email },
      trigger: "signIn",
    });
    expect(token.sub).toBe(USERS.alphaLead.id);
  });
});

describe("redirects stay on our origin", () => {
  it("the redirect callback is the guard of lib/auth/callback-url.ts", async () => {
    const redirect = authOptions.callbacks!.redirect!;
    const baseUrl = "http://localhost:3000";
    expect(await redirect({ url: "/trades?side=bid", baseUrl })).toBe("http://localhost:3000/trades?side=bid");
    expect(await redirect({ url: "https://evil.example/", baseUrl })).toBe(baseUrl);
    expect(await redirect({ url: "/.//evil.example", baseUrl })).toBe(baseUrl);
  });
});
