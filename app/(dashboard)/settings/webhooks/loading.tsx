import { PageSkeleton } from "@/components/layout/skeleton";

export default function Loading() {
  return <PageSkeleton title="Webhooks" rows={4} columns={4} />;
}
