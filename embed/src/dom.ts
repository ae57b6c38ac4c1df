// The one way these components build DOM: attributes via setAttribute and text via text nodes,
// so data from the service (titles, messages, catalog text) is never parsed as HTML.

type Child = Node | string | undefined;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child !== undefined) element.append(child);
  return element;
}

/** A `<style>` for a shadow root. */
export function style(css: string): HTMLStyleElement {
  return h('style', {}, css);
}
