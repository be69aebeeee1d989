/**
 * An address as shown on the unsubscribe page: enough for its owner to
 * recognise it (first character and domain), too little to read it off a
 * screen or a shared link: "ana.diaz@example.com" → "a•••@example.com".
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}
