import { z } from "zod";
import { staffRoles } from "~/db/schema/staff-roles";
import { orderedRoles } from "~/features/auth/staff-roles";
import { EMAIL_MAX } from "~/lib/text-limits";

/**
 * What an admin (on /admin/staff) or an operator (the staff CLI) may send
 * about staff accounts. One schema per intent; the page's action picks by
 * the form's `intent` field.
 */
export const STAFF_NAME_MAX_LENGTH = 100;

export const staffNameSchema = z
  .string({ error: "Enter their name." })
  .trim()
  .min(1, "Enter their name.")
  .max(STAFF_NAME_MAX_LENGTH, `A name can be at most ${STAFF_NAME_MAX_LENGTH} characters.`);

export const staffEmailSchema = z
  .string({ error: "Enter their e-mail address." })
  .trim()
  .min(1, "Enter their e-mail address.")
  .max(EMAIL_MAX, `An e-mail address can be at most ${EMAIL_MAX} characters.`)
  .pipe(z.email("Enter a valid e-mail address, like name@example.com."));

const ROLES_MESSAGE = `Choose one or more roles: ${staffRoles.join(", ")}.`;

/**
 * One or more roles, as a form's checkboxes post them (joined with commas by
 * the page) or as `--role intake,marketing` on the command line.
 */
export const staffRolesSchema = z
  .string({ error: "Choose at least one role." })
  .transform((value) =>
    value
      .split(",")
      .map((role) => role.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(staffRoles, { error: ROLES_MESSAGE })).min(1, "Choose at least one role."))
  .transform(orderedRoles);

export const newStaffSchema = z.object({
  name: staffNameSchema,
  email: staffEmailSchema,
  roles: staffRolesSchema,
});
export type NewStaffInput = z.infer<typeof newStaffSchema>;

const accountId = z.uuid({ error: "That staff account was not found." });

export const staffActionSchema = z.discriminatedUnion(
  "intent",
  [
    newStaffSchema.extend({ intent: z.literal("invite") }),
    z.object({ intent: z.literal("set-roles"), userId: accountId, roles: staffRolesSchema }),
    z.object({ intent: z.literal("disable"), userId: accountId }),
    z.object({ intent: z.literal("enable"), userId: accountId }),
    z.object({ intent: z.literal("reset-password"), userId: accountId }),
    z.object({ intent: z.literal("reset-two-factor"), userId: accountId }),
    z.object({ intent: z.literal("sign-out-everywhere"), userId: accountId }),
    z.object({
      intent: z.literal("require-two-factor"),
      // A checkbox: present ("on") when ticked, absent when not.
      required: z
        .literal("on", { error: "Tick the box or leave it clear." })
        .optional()
        .transform((value) => value === "on"),
    }),
  ],
  { error: "This form submission could not be understood. Reload the page and try again." },
);
export type StaffActionInput = z.infer<typeof staffActionSchema>;
export type StaffIntent = StaffActionInput["intent"];
