// Reading produced HTML as a browser's parser builds it (parse5, the WHATWG parsing algorithm), so tests
// check the DOM a reader gets, not the source text.
import { parse, parseFragment, type DefaultTreeAdapterMap } from 'parse5';

export type Node = DefaultTreeAdapterMap['node'];
export type Element = DefaultTreeAdapterMap['element'];

/** The document; `scripting: false` parses as a browser with JavaScript off (<noscript> content is markup). */
export function parseDocument(html: string, scripting = true): Node {
  return parse(html, { scriptingEnabled: scripting });
}

export function parseHtmlFragment(html: string): Node {
  return parseFragment(html);
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

/** Every element below `root`, in document order (template contents included). */
export function elements(root: Node): Element[] {
  const out: Element[] = [];
  const visit = (node: Node): void => {
    if (isElement(node)) out.push(node);
    for (const child of 'childNodes' in node ? node.childNodes : []) visit(child as Node);
    if (isElement(node) && node.tagName === 'template' && 'content' in node) visit(node.content as Node);
  };
  visit(root);
  return out;
}

export function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

export function hasClass(el: Element, name: string): boolean {
  return (attr(el, 'class') ?? '').split(/\s+/).includes(name);
}

export function byId(root: Node, id: string): Element | undefined {
  return elements(root).find((el) => attr(el, 'id') === id);
}

/** The text a reader sees in `node` (text nodes joined), as Node.textContent gives it. */
export function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return ('childNodes' in node ? node.childNodes : []).map((c) => textOf(c as Node)).join('');
}

/** Every text node's value below `root`. */
export function textNodes(root: Node): string[] {
  if (root.nodeName === '#text') return [(root as DefaultTreeAdapterMap['textNode']).value];
  return ('childNodes' in root ? root.childNodes : []).flatMap((c) => textNodes(c as Node));
}
