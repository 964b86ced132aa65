"use client";

import type { ComponentProps, ComponentType, ReactNode } from "react";
import Markdown from "react-markdown";
import { FORMATTED_ELEMENTS, safeLink } from "@/lib/journals/formatting";
import { splitTags } from "@/lib/journals/tags";

// A page's words formatted (docs/decisions/128-formatting-a-page.md), through react-markdown: a
// syntax tree made into React elements, never HTML put into the page. Raw HTML is shown as the
// text it is (react-markdown's default without rehype-raw); links go only to the web and mail
// (safeLink); an image is never loaded (its description is shown); headings, code and rules
// Markdown knows are shown as the words they hold. Fetched on demand (./formatted-text.tsx).

/** What Markdown may make; what is not in FORMATTED_ELEMENTS is drawn as words by `components`. */
const ALLOWED = [...FORMATTED_ELEMENTS, "img", "h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "hr"];

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

/** How the writer's own page links its #tags (./formatted-text.tsx gives the app's links). */
export type TagLinks = {
  href: (tag: string) => string;
  Link: ComponentType<{ href: string; children?: ReactNode }>;
};

/** A rehype step: each #tag in the words (not in a link or code) becomes a link to the writer's pages with it. */
function rehypeTags(tagHref: (tag: string) => string) {
  const walk = (node: HastNode) => {
    if (!node.children || node.tagName === "a" || node.tagName === "code") return;
    node.children = node.children.flatMap((child): HastNode[] => {
      if (child.type !== "text" || !child.value) {
        walk(child);
        return [child];
      }
      return splitTags(child.value).map((part) =>
        "tag" in part
          ? {
              type: "element",
              tagName: "a",
              properties: { href: tagHref(part.tag), dataTag: "" },
              children: [{ type: "text", value: part.text }],
            }
          : { type: "text", value: part.text },
      );
    });
  };
  return (tree: HastNode) => walk(tree);
}

const block = "mb-8 last:mb-0";

function anchor(tags: TagLinks | undefined) {
  return function Anchor({ href, children, ...rest }: ComponentProps<"a"> & { node?: unknown }) {
    if (tags && "data-tag" in rest && href) return <tags.Link href={href}>{children}</tags.Link>;
    return <WebLink href={href}>{children}</WebLink>;
  };
}

function WebLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (!href) return <>{children}</>;
  return (
    <a
      href={href}
      rel="noopener noreferrer nofollow ugc"
      target="_blank"
      className="text-accent underline underline-offset-4"
    >
      {children}
    </a>
  );
}

const words = ({ children }: { children?: ReactNode }) => <>{children}</>;
/** A heading of any level: a bold paragraph, as a page's words are never the screen's headings. */
const heading = ({ children }: { children?: ReactNode }) => (
  <p dir="auto" className={`${block} font-semibold`}>
    {children}
  </p>
);

export function MarkdownText({ text, tags }: { text: string; tags?: TagLinks }) {
  return (
    <Markdown
      allowedElements={ALLOWED}
      unwrapDisallowed
      // A #tag's link is ours (rehypeTags): Markdown cannot give an element that mark, and raw HTML is text.
      urlTransform={(url, key, node) =>
        key !== "href" ? "" : tags && node.properties?.dataTag !== undefined ? url : safeLink(url)
      }
      rehypePlugins={tags ? [() => rehypeTags(tags.href)] : []}
      components={{
        // Each block takes its own direction (docs/decisions/141): an Arabic paragraph or list item
        // reads right to left beside English ones.
        p: ({ children }) => (
          <p dir="auto" className={`${block} whitespace-pre-wrap`}>
            {children}
          </p>
        ),
        ul: ({ children }) => (
          <ul dir="auto" className={`${block} list-disc ps-6`}>
            {children}
          </ul>
        ),
        ol: ({ children, start }) => (
          <ol dir="auto" start={start} className={`${block} list-decimal ps-6`}>
            {children}
          </ol>
        ),
        li: ({ children }) => <li dir="auto">{children}</li>,
        blockquote: ({ children }) => (
          <blockquote dir="auto" className={`${block} border-s-4 border-accent/40 ps-4 text-ink-soft italic`}>
            {children}
          </blockquote>
        ),
        a: anchor(tags),
        strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
        // Never loaded: a page shows its writer's own photo only. The description stays, as words.
        img: ({ alt }) => <>{alt}</>,
        h1: heading,
        h2: heading,
        h3: heading,
        h4: heading,
        h5: heading,
        h6: heading,
        code: words,
        pre: ({ children }) => (
          <p dir="auto" className={`${block} whitespace-pre-wrap`}>
            {children}
          </p>
        ),
        hr: () => <hr className={`${block} border-ink-soft/30`} />,
      }}
    >
      {text}
    </Markdown>
  );
}
