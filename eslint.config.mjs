import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "lib/generated/**", "node_modules/**", "playwright-report/**", "test-results/**", "next-env.d.ts"] },
  {
    // Pages, route handlers and actions call the data functions of lib/; only lib/ talks to the
    // database (docs/architecture.md). Tests, and what they share (_testing/), set up their rows directly.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/**/*.test.ts", "app/**/_testing/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/db/client", "**/lib/db/client", "@/lib/generated/**", "@prisma/*"],
              message: "Call a data function of lib/ instead: only lib/ talks to the database.",
            },
          ],
        },
      ],
    },
  },
];
export default config;
