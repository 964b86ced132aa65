// Every component test renders with the app's own styles (Tailwind's classes and the theme's
// colours), as the pages do: sizes and colours are part of what a component's states are.
import "@/app/globals.css";
