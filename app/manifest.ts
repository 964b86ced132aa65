import type { MetadataRoute } from "next";
import { THEME_COLOR } from "@/lib/theme";

// The web app manifest (/manifest.webmanifest, docs/decisions/080): what a browser needs to offer
// "Install Inkwell" and what the installed app opens on. Icons are drawn from app/icon.svg by
// scripts/make-icons.ts; the screenshots are the install sheet's pictures of the diary.
// A manifest has one background and theme colour: the light sheet, the app's default look; the
// pages' <meta name="theme-color"> (app/document.tsx) gives the dark one to a dark device once open.
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/my-diary",
    name: "Inkwell",
    short_name: "Inkwell",
    description: "A private diary, one entry a day, shared with the friends you choose.",
    start_url: "/my-diary",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: THEME_COLOR.light,
    theme_color: THEME_COLOR.light,
    categories: ["lifestyle", "productivity"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    screenshots: [
      {
        src: "/screenshots/diary-narrow.png",
        sizes: "375x812",
        type: "image/png",
        form_factor: "narrow",
        label: "A day of the diary on a phone",
      },
      {
        src: "/screenshots/diary-wide.png",
        sizes: "1280x800",
        type: "image/png",
        form_factor: "wide",
        label: "The diary's calendar and a day's entry",
      },
    ],
  };
}
