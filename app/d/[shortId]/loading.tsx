// Shown at once while a drop loads on navigation within the site.
import { DropSkeleton } from "./_header/drop-skeleton";

export default function DropLoading() {
  return <DropSkeleton />;
}
