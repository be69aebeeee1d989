import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * The field bots fill in and people never see: off screen (not display:none,
 * which some bots skip), out of the tab order, hidden from screen readers,
 * and labelled for the rare person who meets it anyway.
 */
export function HoneypotField({ id, value, onChange }: { id: string; value?: string; onChange?: (v: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        {...(onChange ? { value: value ?? "", onChange: (e) => onChange(e.target.value) } : { defaultValue: "" })}
      />
    </div>
  );
}
