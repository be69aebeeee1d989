import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Merges class names; the caller's classes win over the component's. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
