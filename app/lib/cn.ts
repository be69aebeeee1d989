import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, the caller's last. Components keep their defaults free
 * of conflicts with what callers add (so no tailwind-merge: its ~25 KB of
 * script would load on every visitor's phone; see docs/decisions/0008).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
