import { receiveLead } from "~/features/leads/receive-lead.server";
import { methodNotAllowed } from "~/lib/json-write.server";
import type { Route } from "./+types/leads";

export const action = ({ request, context }: Route.ActionArgs) => receiveLead(request, context);
export const loader = () => methodNotAllowed("POST");
