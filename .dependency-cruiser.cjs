/**
 * The layers of lib/, bottom first (docs/architecture.md, "Layers"): a module imports only from its
 * own folder and the folders listed before it, so every arrow runs down and no two folders can
 * import each other. Tests sit beside what they test and may reach up (a test of the engine uses a
 * resource's list), so they are outside these rules; lib/testing is the top layer.
 */
const LAYERS = [
  // Base: values and helpers that know nothing of storage or HTTP.
  ["domain", "log", "security", "cache", "[^/]+\\.(ts|mjs)"],
  ["db"],
  ["schema"],
  ["api-keys"],
  ["auth"],
  ["audit"],
  ["notifications"],
  ["live"],
  ["records"],
  ["companies"],
  ["indications"],
  ["trades"],
  ["market"],
  // The daily mark (issue 46): its estimator is pure (domain only); what stores and serves it comes here too.
  ["marks"],
  ["deals"],
  ["logos"],
  ["health"],
  ["users"],
  ["views"],
  ["watchlist"],
  ["webhooks"],
  ["http"],
  ["openapi"],
  ["docs"],
  ["testing"],
];

const folders = (names) => `^lib/(${names.join("|")})(/|$)`;

module.exports = {
  forbidden: [
    ...LAYERS.slice(0, -1).map((layer, i) => ({
      name: `layer-${layer[0].replace(/[^a-z-]/g, "")}`,
      comment: `lib/${layer[0]} may import only from the layers below it (.dependency-cruiser.cjs LAYERS).`,
      severity: "error",
      from: { path: folders(layer), pathNot: "\\.test\\.ts$" },
      to: { path: folders(LAYERS.slice(i + 1).flat()) },
    })),
    {
      name: "no-circular",
      comment: "No module imports itself through others.",
      severity: "error",
      from: { pathNot: "\\.test\\.ts$" },
      to: { circular: true },
    },
    {
      name: "lib-outside-app",
      comment: "lib/ is below the app: pages, routes and components import lib, never the reverse.",
      severity: "error",
      from: { path: "^lib/", pathNot: "\\.test\\.ts$" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "every-folder-known",
      comment: "A new folder of lib/ takes its place in LAYERS.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^lib/", pathNot: folders(LAYERS.flat()) },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    // `import type` counts: a type is as much a dependency as a value (a layer, a cycle).
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|lib/generated)/" },
  },
};
