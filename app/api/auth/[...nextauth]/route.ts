import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

// next-auth's endpoints: /api/auth/csrf, /signin, /callback/<provider>, /session, /signout, ...
const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
