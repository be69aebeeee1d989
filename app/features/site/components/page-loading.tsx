import { useNavigation } from "react-router";
import { Spinner } from "~/components/ui/spinner";

/** While the next page's code and data load on client navigation (spec §2). */
export function PageLoading() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center" data-testid="page-loading">
      <div className="rounded-full bg-surface p-3 shadow-card">
        <Spinner label="Loading page" />
      </div>
    </div>
  );
}
