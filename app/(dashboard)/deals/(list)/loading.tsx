import { PageSkeleton } from "@/components/layout/skeleton";

export default function Loading() {
  return <PageSkeleton title="deals" columns={9} />;
}
