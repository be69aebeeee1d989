import { HONEYPOT_FIELD } from "~/features/leads/lead-constants";

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden
 * from assistive technology) and form-filling bots do: the server refuses a
 * submission that fills it.
 */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
