/** The first word of a display name, for a greeting: "Ada Lovelace" → "Ada"; a one-word or CJK name whole. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] || name;
}
