import { z } from "zod";

// Longer than any accepted password (256), so an over-long one gets the policy's own sentence.
const typedPassword = (missing: string) =>
  z.string({ error: missing }).min(1, missing).max(1024, "That password is too long.");

const currentPassword = typedPassword("Enter your current password.");

/** One schema per form of the account page, told apart by `intent`. */
export const accountFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("change-password"),
    currentPassword,
    newPassword: z.string({ error: "Enter a new password." }).max(1024, "That password is too long."),
    confirmPassword: z.string({ error: "Type the new password again." }).max(1024, "That password is too long."),
  }),
  z.object({ intent: z.literal("start-two-factor") }),
  z.object({ intent: z.literal("cancel-two-factor") }),
  z.object({
    intent: z.literal("confirm-two-factor"),
    code: z
      .string({ error: "Enter the 6-digit code from your authenticator app." })
      .trim()
      .min(1, "Enter the 6-digit code from your authenticator app.")
      .max(32, "That code is too long: it has 6 digits."),
  }),
  z.object({ intent: z.literal("renew-recovery-codes"), currentPassword }),
  z.object({ intent: z.literal("restart-two-factor"), currentPassword }),
  z.object({ intent: z.literal("turn-off-two-factor"), currentPassword }),
  z.object({ intent: z.literal("end-session"), session: z.string().max(64).default("") }),
  z.object({ intent: z.literal("sign-out-everywhere") }),
]);
export type AccountForm = z.infer<typeof accountFormSchema>;
