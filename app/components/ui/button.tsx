import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-accent text-white hover:bg-accent-dark",
        secondary: "bg-primary text-white hover:bg-primary-dark",
        outline: "border-2 border-primary text-primary hover:bg-primary-soft",
        ghost: "text-primary hover:bg-primary-soft",
        // A change that takes something away (disable an account, reset a password).
        danger: "border-2 border-danger text-danger hover:bg-danger-soft",
      },
      size: {
        // Primary actions are at least 44px tall; the smallest is 36px (WCAG 2.5.8 asks 24).
        sm: "min-h-9 px-4 text-sm",
        md: "min-h-11 px-5 text-base",
        lg: "min-h-12 px-6 text-lg",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
