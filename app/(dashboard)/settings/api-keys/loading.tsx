import { PageSkeleton } from "@/components/layout/skeleton";

export default function Loading() {
  return <PageSkeleton title="API keys" rows={4} columns={6} />;
}
