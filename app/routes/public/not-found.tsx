import { data } from "react-router";
import { NotFoundPage } from "~/features/site/components/not-found-page";

/** Everything the route table does not know answers 404 with the not-found page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
