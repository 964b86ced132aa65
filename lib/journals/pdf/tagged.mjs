// @ts-check
// Draws react-pdf's laid-out pages into a tagged pdfkit document: every piece of text and every
// photo inside a structure element, decorations and the running footer as artifacts, so a screen
// reader follows the journal in reading order and hears each photo's description
// (docs/decisions/045-journal-pdf-faces-and-tags.md). react-pdf has no tagging of its own: its
// render step (@react-pdf/render) draws a whole page at once. Here the page is walked node by node,
// each tagged node drawn by that same render step (given a document of one node), wrapped in
// pdfkit's marked content. The walk repeats what the render step does between nodes (a page, then
// each child moved by its parent's box); the elements in ./document.mjs use nothing else
// (no transforms, no clipping).
import renderPDF from "@react-pdf/render";

/**
 * @typedef {{ type: string; props?: Record<string, unknown>; style?: Record<string, unknown>; box?: { left: number; top: number; width: number; height: number }; lines?: { runs: { glyphs?: unknown[] }[] }[]; children?: LayoutNode[] }} LayoutNode
 * @typedef {{ add: (child: unknown) => StructElement; end: () => void }} StructElement
 * @typedef {{
 *   struct: (type: string, options?: Record<string, unknown>) => StructElement;
 *   addStructure: (element: StructElement) => unknown;
 *   markStructureContent: (tag: string) => unknown;
 *   markContent: (tag: string, options?: Record<string, unknown>) => unknown;
 *   endMarkedContent: () => unknown;
 *   save: () => unknown; restore: () => unknown; translate: (x: number, y: number) => unknown;
 * }} TaggedDoc
 */

/** Structure types that hold content; others group. */
const CONTENT_TAGS = new Set(["P", "H1", "H2", "Figure", "Lbl"]);

/**
 * Draws `node` (and what is inside it) where the render step would. A line's empty run (the end of a
 * line that a line break ends) carries react-pdf's default font, Helvetica, which drew nothing but
 * put an unembedded font into the page; it is left out.
 */
function drawNode(/** @type {TaggedDoc} */ doc, /** @type {LayoutNode} */ node) {
  for (const line of node.lines ?? []) line.runs = line.runs.filter((run) => run.glyphs?.length);
  renderPDF(/** @type {never} */ (doc), /** @type {never} */ ({ children: [node] }));
}

const decorated = (/** @type {LayoutNode} */ node) =>
  Object.keys(node.style ?? {}).some((k) => k.startsWith("border") || k.startsWith("background"));

/**
 * One tagged document: a Document element holding every chunk's elements in order.
 * @param {TaggedDoc} doc a pdfkit document made with `tagged: true`
 */
export function taggedPages(doc) {
  const root = doc.struct("Document");
  doc.addStructure(root);

  /**
   * @param {LayoutNode[]} nodes
   * @param {StructElement} parent
   * @param {Map<string, StructElement>} open the chunk's elements by tagId
   * @param {{ x: number; y: number }} at where the nodes' parent sits on the page
   */
  const walk = (nodes, parent, open, at) => {
    for (const node of nodes) {
      const props = node.props ?? {};
      const tag =
        typeof props.tag === "string"
          ? props.tag
          : node.type === "IMAGE"
            ? "Figure"
            : node.type === "TEXT"
              ? "P"
              : undefined;
      if (tag === "Artifact" || "fixed" in props) {
        doc.markContent("Artifact", { type: "Pagination" });
        drawNode(doc, node);
        doc.endMarkedContent();
        continue;
      }
      /** The element this node belongs to: the one its other half opened on the page before, or a new one. */
      const element = () => {
        const id = typeof props.tagId === "string" ? props.tagId : undefined;
        const known = id ? open.get(id) : undefined;
        if (known) return known;
        const box = node.box ?? { left: 0, top: 0, width: 0, height: 0 };
        const options =
          tag === "Figure"
            ? {
                alt: typeof props.alt === "string" && props.alt ? props.alt : "A photo",
                bbox: [at.x + box.left, at.y + box.top, at.x + box.left + box.width, at.y + box.top + box.height],
              }
            : {};
        const made = doc.struct(/** @type {string} */ (tag), options);
        parent.add(made);
        if (id) open.set(id, made);
        return made;
      };
      if (tag && CONTENT_TAGS.has(tag)) {
        const target = element();
        const content = doc.markStructureContent(tag);
        drawNode(doc, node);
        doc.endMarkedContent();
        target.add(content);
        continue;
      }
      // A box: its own border or background is decoration; its children are walked.
      const group = tag ? element() : parent;
      if (decorated(node)) {
        doc.markContent("Artifact", { type: "Layout" });
        drawNode(doc, { ...node, children: [] });
        doc.endMarkedContent();
      }
      const box = node.box ?? { left: 0, top: 0 };
      doc.save();
      doc.translate(box.left, box.top);
      walk(node.children ?? [], group, open, { x: at.x + box.left, y: at.y + box.top });
      doc.restore();
    }
  };

  return {
    /**
     * Draws one chunk's pages; its elements end with it (a chunk always starts a new page).
     * @param {{ children?: LayoutNode[] }} layout
     */
    draw(layout) {
      /** @type {Map<string, StructElement>} */
      const open = new Map();
      /** @type {StructElement[]} */
      const made = [];
      const chunk = /** @type {StructElement} */ ({
        add: (child) => {
          made.push(/** @type {StructElement} */ (child));
          root.add(child);
          return chunk;
        },
        end: () => undefined,
      });
      for (const page of layout.children ?? []) {
        // The page itself (react-pdf's renderPage adds it to the document), then what is on it.
        drawNode(doc, { ...page, children: [] });
        const box = page.box ?? { left: 0, top: 0 };
        doc.save();
        doc.translate(box.left, box.top);
        walk(page.children ?? [], chunk, open, { x: box.left, y: box.top });
        doc.restore();
      }
      for (const element of made) element.end();
    },
  };
}
