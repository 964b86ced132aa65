import { Monitor, Moon, Sun } from "lucide-react";

/**
 * System / Light / Dark (docs/decisions/015), shared by the Theme menu and the profile's Appearance
 * row; a module of its own so the row does not bring the menu's Radix DropdownMenu with it.
 */
export const THEME_CHOICES = [
  { value: "system", label: "System", Icon: Monitor },
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
] as const;
