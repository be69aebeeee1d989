import { z } from "zod";
import { EMAIL_MAX } from "~/lib/text-limits";

/**
 * POST /api/login and the /auth form. Only the shape is checked here: a
 * password of the wrong length is simply a wrong password, answered like any
 * other (the message never says which part was wrong).
 */
export const signInSchema = z.object({
  email: z
    .string({ error: "Enter your e-mail address." })
    .trim()
    .min(1, "Enter your e-mail address.")
    .max(EMAIL_MAX, "That e-mail address is too long."),
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(1024, "That password is too long."),
  // A 6-digit code from the authenticator app, or a recovery code.
  code: z
    .string()
    .trim()
    .max(32, "That code is too long.")
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type SignInInput = z.infer<typeof signInSchema>;
