import { expect } from "vitest";

/** A form's field that must be a string (not a file), as a string. */
export function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  expect(typeof value, name).toBe("string");
  return value as string;
}
