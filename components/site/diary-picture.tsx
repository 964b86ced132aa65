import { FRONT_PICTURES, frontPicturePath, type FrontPicture, type PictureTheme } from "./front-pictures";

const THEMES: { theme: PictureTheme; className: string }[] = [
  { theme: "light", className: "dark:hidden" },
  { theme: "dark", className: "hidden dark:block" },
];

/**
 * A picture of the real diary in the theme the page shows: both are in the page and CSS shows one,
 * so a theme chosen on this device, not only the system's, picks it (the hidden one is neither
 * fetched, being lazy, nor read by a screen reader).
 */
export function DiaryPicture({
  picture,
  sizes,
  className = "",
}: {
  picture: FrontPicture;
  sizes: string;
  className?: string;
}) {
  const { width, height, widths, alt } = FRONT_PICTURES[picture];
  return (
    <>
      {THEMES.map(({ theme, className: shown }) => (
        // eslint-disable-next-line @next/next/no-img-element -- made at build sizes already (npm run pictures); no optimiser round trip
        <img
          key={theme}
          src={frontPicturePath(picture, theme, widths[widths.length - 1]!)}
          srcSet={widths.map((w) => `${frontPicturePath(picture, theme, w)} ${w}w`).join(", ")}
          sizes={sizes}
          width={width}
          height={height}
          alt={alt}
          loading="lazy"
          decoding="async"
          className={`${shown} h-auto w-full ${className}`}
        />
      ))}
    </>
  );
}
