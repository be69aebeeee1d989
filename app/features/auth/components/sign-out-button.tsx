import { LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { apiErrorMessage } from "~/lib/api-error-message";
import { apiRequest } from "~/lib/api-request";
import { SIGN_IN_PATH } from "../sign-in-status";

/**
 * Sign out (spec §7 POST /api/logout): the session ends on the server and the
 * sign-in page opens (which clears the stored user). On failure, the
 * destructive toast 'Logout failed' with the error message. Without
 * JavaScript the same button posts to /auth, which does the same.
 */
export function SignOutButton() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await apiRequest("POST", "/api/logout");
      // The sign-in page forgets the stored user when it opens. Forgetting it
      // here, while the staff frame is still mounted, would make the frame send
      // the browser to plain /auth, overtaking this navigation and losing
      // "You have signed out".
      await navigate(`${SIGN_IN_PATH}?signed-out`, { replace: true });
    } catch (error) {
      toast({ variant: "destructive", title: "Logout failed", description: apiErrorMessage(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" action={SIGN_IN_PATH} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="sign-out" />
      <Button type="submit" variant="outline" size="sm" disabled={pending}>
        <LogOut aria-hidden className="size-4" />
        {pending ? "Signing out..." : "Sign out"}
      </Button>
    </form>
  );
}
