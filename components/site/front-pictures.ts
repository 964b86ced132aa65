// The front page's pictures of the real diary, made from the app itself by `npm run pictures`
// (e2e/front-page.pictures.ts): each in the light and the dark theme, at two widths. Their sizes
// are written here so the page reserves their room before they load (no layout shift).
export const FRONT_PICTURES = {
  wide: {
    width: 1280,
    height: 800,
    widths: [640, 1280],
    alt: "Inkwell on a computer: a month's calendar beside the day's page, written on ruled paper.",
  },
  phone: {
    width: 375,
    height: 812,
    widths: [375, 750],
    alt: "Inkwell on a phone: the day's page on ruled paper, with Edit and Delete below it.",
  },
} as const;

export type FrontPicture = keyof typeof FRONT_PICTURES;
export type PictureTheme = "light" | "dark";

/** The file of a picture in a theme at a width, under public/. */
export function frontPicturePath(picture: FrontPicture, theme: PictureTheme, width: number): string {
  return `/front/${picture}-${theme}-${width}.webp`;
}

/** The Open Graph picture: the wide one in the light theme, 1200 × 630. */
export const OPEN_GRAPH_PICTURE = { url: "/front/open-graph.png", width: 1200, height: 630 } as const;
