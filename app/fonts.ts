import localFont from "next/font/local";

// Local files from @fontsource packages: nothing is downloaded at build or run time.
export const serif = localFont({
  variable: "--font-lora",
  display: "swap",
  src: [
    { path: "../node_modules/@fontsource/lora/files/lora-latin-400-normal.woff2", weight: "400", style: "normal" },
    { path: "../node_modules/@fontsource/lora/files/lora-latin-400-italic.woff2", weight: "400", style: "italic" },
    { path: "../node_modules/@fontsource/lora/files/lora-latin-600-normal.woff2", weight: "600", style: "normal" },
    { path: "../node_modules/@fontsource/lora/files/lora-latin-700-normal.woff2", weight: "700", style: "normal" },
  ],
});

export const sans = localFont({
  variable: "--font-inter",
  display: "swap",
  src: [
    { path: "../node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2", weight: "400", style: "normal" },
    { path: "../node_modules/@fontsource/inter/files/inter-latin-500-normal.woff2", weight: "500", style: "normal" },
    { path: "../node_modules/@fontsource/inter/files/inter-latin-600-normal.woff2", weight: "600", style: "normal" },
    { path: "../node_modules/@fontsource/inter/files/inter-latin-700-normal.woff2", weight: "700", style: "normal" },
  ],
});
