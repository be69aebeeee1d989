import { receiveSubscription } from "~/features/newsletter/receive-subscription.server";
import { methodNotAllowed } from "~/lib/json-write.server";
import type { Route } from "./+types/newsletter-subscribe";

export const action = ({ request, context }: Route.ActionArgs) => receiveSubscription(request, context);
export const loader = () => methodNotAllowed("POST");
