import Image from "next/image";

const SIZES = {
  xs: { cls: "size-8 text-sm", px: 32 },
  sm: { cls: "size-10 text-base", px: 40 },
  lg: { cls: "size-24 text-4xl", px: 96 },
} as const;

/**
 * Only pictures served by our own routes (a path on this origin) are drawn: the pages' CSP allows
 * no other image origin, so a stored address elsewhere would be blocked (and logged) in every
 * viewer's browser. When profile photos are uploaded and served as signed absolute URLs (API.md
 * "Images"), their origins join this rule.
 */
const OUR_IMAGE = /^\/(?!\/)/;

/**
 * A person's picture, or the first letter of their name drawn on the theme's colours. Decorative:
 * the name is always beside it. One look for every list of people (search, requests, profiles).
 */
export function Avatar({ name, image, size = "sm" }: { name: string; image: string | null; size?: keyof typeof SIZES }) {
  const { cls, px } = SIZES[size];
  if (image && OUR_IMAGE.test(image)) {
    return <Image src={image} alt="" width={px} height={px} unoptimized className={`${cls} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden className={`${cls} inline-flex shrink-0 items-center justify-center rounded-full bg-leather font-serif font-semibold text-on-accent`}>
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
