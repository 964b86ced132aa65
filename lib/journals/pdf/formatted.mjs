// @ts-check
// A formatted page's words in the journal PDF (docs/decisions/128-formatting-a-page.md): its
// Markdown read by mdast-util-from-markdown, the parser react-markdown uses on screen, and drawn as
// react-pdf elements the way the screen shows them (components/ui/markdown-text.tsx): bold in
// Lora 600, italic in Lora Italic, lists with their bullets or numbers, quotes set in with a rule,
// links to the web and mail that open, and everything else Markdown knows (headings, code, raw
// HTML, an image) as the words it holds. Each block carries the tagged PDF's structure type
// (./tagged.mjs): P, L > LI > Lbl + LBody, BlockQuote. Only text `showFormatted` passes comes here
// (the caller says so with PrintEntry.formatted): bounded in length and nesting.
import { createElement as h } from "react";
import { fromMarkdown } from "mdast-util-from-markdown";
import { safeLink } from "../safe-link.mjs";
import { Link, STRONG, Text, View } from "./elements.mjs";

/** @typedef {import("mdast").RootContent} Block */
/** @typedef {import("mdast").PhrasingContent} Inline */
/** @typedef {import("react").ReactNode} Node */

const ACCENT = "#1d4ed8";
const QUOTE_RULE = "#9ca3af";
/** The space between blocks: one line of the entry's 11 pt text, as a blank line shows unformatted. */
const BLOCK_GAP = 16;
const LIST_INDENT = 16;
const ITEM_GAP = 2;

/**
 * The words of inline Markdown as react-pdf runs.
 * @param {Inline[]} nodes
 * @param {string} key
 * @returns {Node[]}
 */
function inline(nodes, key) {
  return nodes.map((node, i) => {
    const k = `${key}.${i}`;
    switch (node.type) {
      case "text":
      case "inlineCode":
      case "html":
        return node.value;
      case "break":
        return "\n";
      case "strong":
        return h(Text, { key: k, style: { fontWeight: STRONG } }, ...inline(node.children, k));
      case "emphasis":
        return h(Text, { key: k, style: { fontStyle: "italic" } }, ...inline(node.children, k));
      case "link": {
        const src = safeLink(node.url);
        const words = inline(node.children, k);
        return src
          ? h(Link, { key: k, src, style: { color: ACCENT, textDecoration: "underline" } }, ...words)
          : h(Text, { key: k }, ...words);
      }
      case "image":
        return node.alt ?? "";
      default:
        return "children" in node ? h(Text, { key: k }, ...inline(/** @type {Inline[]} */ (node.children), k)) : "";
    }
  });
}

/**
 * Blocks as react-pdf elements, each after the first `gap` below the one before: a blank line's
 * height, or a list item's next line in a tight list (one without blank lines between its items).
 * @param {Block[]} nodes
 * @param {string} id this part's tagId, unique within the entry's chunk
 * @param {number} [gap]
 * @returns {Node[]}
 */
function blocks(nodes, id, gap = BLOCK_GAP) {
  return nodes.map((node, i) => {
    const tagId = `${id}.${i}`;
    const style = i > 0 ? { marginTop: gap } : {};
    switch (node.type) {
      case "paragraph":
        return h(Text, { key: tagId, tag: "P", tagId, style }, ...inline(node.children, tagId));
      case "heading":
        return h(
          Text,
          { key: tagId, tag: "P", tagId, style: { ...style, fontWeight: STRONG } },
          ...inline(node.children, tagId),
        );
      case "list":
        return h(
          View,
          { key: tagId, tag: "L", tagId, style },
          node.children.map((item, n) =>
            h(
              View,
              {
                key: `${tagId}.${n}`,
                tag: "LI",
                tagId: `${tagId}.${n}`,
                style: { flexDirection: "row", marginTop: n ? (node.spread ? BLOCK_GAP : ITEM_GAP) : 0 },
              },
              h(
                Text,
                { tag: "Lbl", tagId: `${tagId}.${n}.label`, style: { width: LIST_INDENT } },
                node.ordered ? `${(node.start ?? 1) + n}.` : "•",
              ),
              h(
                View,
                { tag: "LBody", tagId: `${tagId}.${n}.body`, style: { flex: 1 } },
                ...blocks(item.children, `${tagId}.${n}.body`, node.spread || item.spread ? BLOCK_GAP : ITEM_GAP),
              ),
            ),
          ),
        );
      case "blockquote":
        return h(
          View,
          {
            key: tagId,
            tag: "BlockQuote",
            tagId,
            style: { ...style, borderLeftWidth: 2, borderLeftColor: QUOTE_RULE, paddingLeft: 10, fontStyle: "italic" },
          },
          ...blocks(node.children, tagId),
        );
      case "code":
      case "html":
        return h(Text, { key: tagId, tag: "P", tagId, style }, node.value);
      case "thematicBreak":
        return h(View, {
          key: tagId,
          tag: "Artifact",
          style: { ...style, borderTopWidth: 1, borderTopColor: QUOTE_RULE, height: 1 },
        });
      default:
        return "children" in node
          ? h(View, { key: tagId, style }, ...blocks(/** @type {Block[]} */ (node.children), tagId))
          : null;
    }
  });
}

/**
 * A formatted entry's text (or a part of it) as blocks.
 * @param {string} markdown
 * @param {string} id the part's tagId
 * @returns {Node[]}
 */
export function formattedBlocks(markdown, id) {
  return blocks(fromMarkdown(markdown).children, id);
}
