import { staffRoles, type StaffRole } from "~/db/schema/staff-roles";
import { roleDescriptions, roleLabels } from "~/features/auth/staff-roles";

/**
 * The roles as checkboxes (name "roles", one or more), each with what it
 * opens: the same choice when adding someone and when changing their roles.
 */
export function RoleChoices({
  idPrefix,
  chosen,
  error,
  legend = "Roles",
}: {
  idPrefix: string;
  chosen: readonly StaffRole[];
  error?: string;
  legend?: string;
}) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="grid gap-2" {...(error ? { "aria-describedby": errorId } : {})}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {staffRoles.map((role) => {
        const id = `${idPrefix}-${role}`;
        return (
          <div key={role} className="flex items-start gap-3">
            <input
              id={id}
              type="checkbox"
              name="roles"
              value={role}
              defaultChecked={chosen.includes(role)}
              aria-describedby={`${id}-description`}
              aria-invalid={error ? true : undefined}
              className="mt-1 size-5 accent-primary"
            />
            <div className="grid">
              <label htmlFor={id} className="font-medium">
                {roleLabels[role]}
              </label>
              <span id={`${id}-description`} className="text-sm text-muted">
                {roleDescriptions[role]}
              </span>
            </div>
          </div>
        );
      })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The roles a form posted back ("intake,marketing"), as far as they are roles. */
export function postedRoles(value: string | undefined): StaffRole[] {
  const posted = new Set((value ?? "").split(","));
  return staffRoles.filter((role) => posted.has(role));
}
