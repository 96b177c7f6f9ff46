import { PrismaPg } from "@prisma/adapter-pg";

// Placeholder: replaced by the CLI wrapper (see issue notes).
export function postgresCliAdapter(url: string) {
  return new PrismaPg({ connectionString: url });
}
