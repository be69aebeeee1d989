/**
 * A control's error, under it, as `errorProps(id, error)` points to it; nothing without one. The same
 * markup `Field` draws for its own control, for forms that lay out a control themselves. A file of its
 * own: `field.tsx` is in the public pages' scripts, this only in the staff area's.
 */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}
