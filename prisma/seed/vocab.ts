/**
 * Word lists for synthetic but believable demo data. Every name here is invented; domains use the
 * reserved `.example` TLD.
 */

/** Company names are a start + an ending ("North" + "wind"): 48 x 28 = 1,344 distinct roots. */
export const NAME_STARTS = [
  "North", "Vel", "Lumi", "Quant", "Aster", "Hel", "Kest", "Orb", "Sol", "Tera", "Zen", "Nov",
  "Arc", "Brix", "Cor", "Dyn", "Ever", "Flux", "Glen", "Hal", "Iri", "Jun", "Kai", "Lyr",
  "Mer", "Nim", "Oak", "Pax", "Quill", "Riv", "Sable", "Tal", "Umbr", "Vanta", "Wex", "Xen",
  "Yar", "Zephy", "Bright", "Clear", "Deep", "Far", "High", "Iron", "Silver", "Stone", "True", "West",
] as const;

export const NAME_ENDINGS = [
  "wind", "ora", "ix", "io", "ent", "ara", "ly", "stack", "path", "grid", "forge", "wave",
  "mint", "loop", "lane", "field", "scale", "nova", "byte", "leaf", "point", "ridge", "works", "gate",
  "line", "mark", "spring", "light",
] as const;

export interface Sector {
  /** Second word of the company name. */
  word: string;
  products: readonly string[];
  customers: readonly string[];
}

export const SECTORS: readonly Sector[] = [
  { word: "Robotics", products: ["autonomous mobile robots for warehouses", "robotic arms for small-batch manufacturing", "inspection robots for pipelines and tanks"], customers: ["logistics operators", "mid-size manufacturers", "energy utilities"] },
  { word: "Health", products: ["a virtual primary-care clinic", "remote monitoring for chronic conditions", "a care-coordination platform"], customers: ["employers", "health systems", "Medicare Advantage plans"] },
  { word: "Labs", products: ["developer tools for testing distributed systems", "an open-source observability stack", "a platform for running ML experiments"], customers: ["engineering teams", "research groups", "platform teams"] },
  { word: "Energy", products: ["grid-scale battery storage", "software that schedules EV charging", "modular geothermal power plants"], customers: ["utilities", "fleet operators", "industrial sites"] },
  { word: "Bio", products: ["antibody discovery using machine learning", "cell therapies for solid tumours", "enzymes for low-carbon chemicals"], customers: ["pharmaceutical partners", "oncology centres", "chemical producers"] },
  { word: "Systems", products: ["chips for edge inference", "network hardware for data centres", "flight software for satellites"], customers: ["device makers", "cloud providers", "space companies"] },
  { word: "AI", products: ["foundation models for legal documents", "AI agents for customer support", "speech recognition for call centres"], customers: ["law firms", "consumer brands", "contact centres"] },
  { word: "Pay", products: ["cross-border payouts", "embedded card issuing", "B2B invoice financing"], customers: ["marketplaces", "software platforms", "small businesses"] },
  { word: "Security", products: ["identity threat detection", "cloud security posture management", "secure browsers for the enterprise"], customers: ["security teams", "regulated enterprises", "IT departments"] },
  { word: "Logistics", products: ["a digital freight brokerage", "last-mile delivery routing", "cold-chain tracking sensors"], customers: ["shippers", "retailers", "food distributors"] },
  { word: "Analytics", products: ["a product analytics suite", "revenue forecasting software", "a semantic layer for data warehouses"], customers: ["product teams", "finance teams", "data teams"] },
  { word: "Materials", products: ["low-carbon cement", "solid-state battery electrolytes", "recycled carbon fibre"], customers: ["builders", "battery makers", "automotive suppliers"] },
  { word: "Aerospace", products: ["electric vertical take-off aircraft", "reusable small launch vehicles", "hybrid-electric regional planes"], customers: ["airlines", "satellite operators", "defence agencies"] },
  { word: "Foods", products: ["plant-based dairy", "precision-fermented proteins", "vertical-farm produce"], customers: ["grocery chains", "food manufacturers", "restaurants"] },
  { word: "Mobility", products: ["electric delivery vans", "a ride-pooling platform", "autonomous shuttles"], customers: ["fleet operators", "cities", "campuses"] },
  { word: "Finance", products: ["a neobank for freelancers", "treasury management for start-ups", "automated bookkeeping"], customers: ["freelancers", "venture-backed companies", "accounting firms"] },
  { word: "Cloud", products: ["serverless GPU infrastructure", "a managed Postgres service", "edge compute for media"], customers: ["AI start-ups", "SaaS companies", "streaming services"] },
  { word: "Therapeutics", products: ["gene therapies for rare diseases", "oral drugs for metabolic disorders", "RNA medicines"], customers: ["patients with rare diseases", "specialty clinics", "pharma partners"] },
  { word: "Networks", products: ["private 5G networks", "satellite broadband terminals", "mesh networking for factories"], customers: ["industrial campuses", "rural carriers", "manufacturers"] },
  { word: "Games", products: ["cross-platform multiplayer games", "a game engine for mobile", "live-ops tooling for studios"], customers: ["players worldwide", "indie studios", "game publishers"] },
  { word: "Learning", products: ["an AI tutor for maths", "workforce upskilling courses", "language-learning apps"], customers: ["schools", "employers", "adult learners"] },
  { word: "Climate", products: ["direct air capture", "carbon accounting software", "methane detection from orbit"], customers: ["corporates with net-zero targets", "oil and gas operators", "regulators"] },
] as const;

export interface Headquarters {
  country: string;
  region: string;
  city: string;
  legalSuffixes: readonly string[];
  weight: number;
}

/** Country/region pairs with a city for descriptions; weights favour the US, as in the market. */
export const HEADQUARTERS: readonly Headquarters[] = [
  { country: "United States", region: "California", city: "San Francisco", legalSuffixes: [", Inc."], weight: 16 },
  { country: "United States", region: "California", city: "Palo Alto", legalSuffixes: [", Inc."], weight: 5 },
  { country: "United States", region: "California", city: "Los Angeles", legalSuffixes: [", Inc.", " Corp."], weight: 3 },
  { country: "United States", region: "New York", city: "New York", legalSuffixes: [", Inc.", " Corp."], weight: 9 },
  { country: "United States", region: "Massachusetts", city: "Boston", legalSuffixes: [", Inc."], weight: 5 },
  { country: "United States", region: "Washington", city: "Seattle", legalSuffixes: [", Inc."], weight: 3 },
  { country: "United States", region: "Texas", city: "Austin", legalSuffixes: [", Inc.", " Holdings, Inc."], weight: 3 },
  { country: "United States", region: "Colorado", city: "Denver", legalSuffixes: [", Inc."], weight: 2 },
  { country: "United States", region: "Illinois", city: "Chicago", legalSuffixes: [", Inc.", " Corp."], weight: 2 },
  { country: "United States", region: "Utah", city: "Salt Lake City", legalSuffixes: [", Inc."], weight: 1 },
  { country: "United Kingdom", region: "England", city: "London", legalSuffixes: [" Ltd", " Limited"], weight: 7 },
  { country: "United Kingdom", region: "England", city: "Cambridge", legalSuffixes: [" Ltd"], weight: 2 },
  { country: "United Kingdom", region: "Scotland", city: "Edinburgh", legalSuffixes: [" Ltd"], weight: 1 },
  { country: "Germany", region: "Berlin", city: "Berlin", legalSuffixes: [" GmbH", " SE"], weight: 3 },
  { country: "Germany", region: "Bavaria", city: "Munich", legalSuffixes: [" GmbH", " AG"], weight: 3 },
  { country: "France", region: "Île-de-France", city: "Paris", legalSuffixes: [" SAS"], weight: 3 },
  { country: "Israel", region: "Tel Aviv District", city: "Tel Aviv", legalSuffixes: [" Ltd."], weight: 3 },
  { country: "Canada", region: "Ontario", city: "Toronto", legalSuffixes: [" Inc."], weight: 2 },
  { country: "Canada", region: "British Columbia", city: "Vancouver", legalSuffixes: [" Inc."], weight: 1 },
  { country: "Canada", region: "Quebec", city: "Montreal", legalSuffixes: [" Inc."], weight: 1 },
  { country: "Sweden", region: "Stockholm County", city: "Stockholm", legalSuffixes: [" AB"], weight: 2 },
  { country: "Netherlands", region: "North Holland", city: "Amsterdam", legalSuffixes: [" B.V."], weight: 2 },
  { country: "Singapore", region: "Central Region", city: "Singapore", legalSuffixes: [" Pte. Ltd."], weight: 2 },
  { country: "India", region: "Karnataka", city: "Bengaluru", legalSuffixes: [" Private Limited"], weight: 2 },
  { country: "India", region: "Maharashtra", city: "Mumbai", legalSuffixes: [" Private Limited"], weight: 1 },
  { country: "Switzerland", region: "Zurich", city: "Zurich", legalSuffixes: [" AG"], weight: 1 },
  { country: "Brazil", region: "São Paulo", city: "São Paulo", legalSuffixes: [" Ltda."], weight: 1 },
  { country: "Australia", region: "New South Wales", city: "Sydney", legalSuffixes: [" Pty Ltd"], weight: 1 },
  { country: "Ireland", region: "Leinster", city: "Dublin", legalSuffixes: [" Limited"], weight: 1 },
  { country: "Spain", region: "Catalonia", city: "Barcelona", legalSuffixes: [" S.L."], weight: 1 },
  { country: "Japan", region: "Tokyo", city: "Tokyo", legalSuffixes: [" K.K."], weight: 1 },
];

export const INVESTORS = [
  "Granite Peak Ventures", "Blue Harbor Capital", "Foxglove Partners", "Northgate Venture Partners",
  "Redwood Row Capital", "Summit Line Ventures", "Lantern Hill Partners", "Cobalt Bay Capital",
  "Meridian Arc Ventures", "Oakfield Growth", "Silverpine Capital", "Harborlight Ventures",
  "Tidewater Partners", "Eastbridge Capital", "Kestrel Point Ventures", "Ironwood Equity",
  "Juniper Square Ventures", "Bellweather Capital", "Quarry Lane Partners", "Sixth Street Seed",
  "Copperline Ventures", "Highmoor Capital", "Wildflower Fund", "Aldergrove Partners",
  "Brightwater Ventures", "Crescent Ridge Capital", "Driftwood Partners", "Emberly Ventures",
  "Fieldstone Growth", "Glasshouse Capital", "Hollow Oak Ventures", "Inlet Capital",
  "Lakeshore Venture Partners", "Mossbank Capital", "Nightjar Ventures", "Open Plains Partners",
  "Pinecrest Growth Equity", "Riverbend Ventures", "Saltmarsh Capital", "Twin Cedar Partners",
] as const;

export const FIRST_NAMES = [
  "Avery", "Jordan", "Priya", "Mateo", "Hannah", "Kenji", "Olivia", "Samuel", "Amara", "Lukas",
  "Sofia", "Noah", "Chloé", "Ibrahim", "Maya", "Elias", "Grace", "Ravi", "Ingrid", "Diego",
  "Fatima", "Tomás", "Leah", "Oskar", "Mei", "Daniel", "Zara", "Henrik", "Nadia", "Owen",
] as const;

export const LAST_NAMES = [
  "Chen", "Okafor", "Patel", "García", "Schmidt", "Nakamura", "Brennan", "Lindqvist", "Haddad", "Rossi",
  "Kowalski", "Dubois", "Mensah", "Novak", "O'Connor", "Silva", "Whitfield", "Tanaka", "Moreau", "Ahmed",
  "Larsen", "Kim", "Fischer", "Costa", "Nguyen", "Abbott", "Reyes", "Varga", "Holm", "Ellison",
] as const;

/** Outside firms that private indications are shared with. */
export const RECIPIENT_DOMAINS = [
  "harborview-capital.example", "lindqvist-family-office.example", "northstar-wealth.example",
  "cedarline-advisors.example", "bluefin-secondaries.example", "meadowbrook-partners.example",
  "atlas-private-clients.example", "quayside-asset.example",
] as const;

export const DETAIL_PHRASES = [
  "Seller is an early employee; ROFR applies.",
  "Open to partial fills.",
  "Transfer requires board approval.",
  "Can close within 30 days.",
  "Price negotiable for the full block.",
  "Prefers a direct transfer but will consider an SPV.",
  "Subject to company consent.",
  "Fund is winding down; motivated seller.",
  "Looking for a lead buyer for the block.",
  "Shares are fully vested.",
  "Buyer has completed KYC with us.",
  "Allocation from the last tender offer.",
  "Indicative only; confirm before sharing.",
  "Will pay up for preferred.",
] as const;

export const TRADE_DETAIL_PHRASES = [
  "Closed after ROFR waiver.",
  "Company consent received.",
  "Settled through the SPV's transfer agent.",
  "Partial fill of a larger block.",
  "Second tranche of the same seller.",
  "Buyer is an existing investor.",
  "Forward contract settles at liquidity event.",
  "Cross-border transfer; extra documentation.",
] as const;

/** Stock classes with the type they imply (common or preferred). */
export const STOCK_CLASSES: readonly (readonly [string, "common" | "preferred"])[] = [
  ["Common", "common"],
  ["Class A Common", "common"],
  ["Class B Common", "common"],
  ["Series Seed Preferred", "preferred"],
  ["Series A Preferred", "preferred"],
  ["Series B Preferred", "preferred"],
  ["Series C", "preferred"],
  ["Series C-1 Preferred", "preferred"],
  ["Series D", "preferred"],
  ["Series E Preferred", "preferred"],
  ["Preferred", "preferred"],
] as const;
