import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import { LeadPage } from "~/features/lead-record/components/lead-page";
import { LeadPageError } from "~/features/lead-record/components/lead-page-error";
import { leadPageAction, leadPageData } from "~/features/lead-record/lead-page.server";
import type { LeadAnswer } from "~/features/lead-record/lead-record-types";
import type { Route } from "./+types/lead";

/**
 * /admin/lead-insights/leads/:id: one lead, for intake staff and
 * administrators (access.ts: the inbox's entry governs it, checked by the
 * layout's middleware before this runs).
 */
export function meta() {
  // No name in the title: it lands in the browser's history and its synced copies.
  return [{ title: "Lead · Staff area" }];
}

export function loader({ params, context }: Route.LoaderArgs) {
  return leadPageData(context, params.id);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return leadPageAction(request, context, params.id);
}

/**
 * After a conflict (409) the page reloads too, so it shows what the other
 * person changed and the forms carry the current version; other refusals
 * change nothing, so they keep React Router's default (no reload).
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export default function LeadRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <LeadPage record={loaderData} answer={actionData as LeadAnswer | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LeadPageError status={isRouteErrorResponse(error) ? error.status : 500} />;
}
