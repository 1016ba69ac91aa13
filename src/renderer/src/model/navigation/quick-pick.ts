/** An entry of the quick pick (jump-to and command palette). */
export interface QuickPickItem {
  readonly key: string;
  readonly label: string;
  /** Greyed text after the label, e.g. the path of an object. */
  readonly description?: string;
  /** A small tag before the label, e.g. `Database`. */
  readonly group?: string;
  readonly disabled?: boolean;
  /** Extra words the search matches. */
  readonly keywords?: readonly string[];
}

/** Each item's lowercased search text, made once per item (jump-to lists thousands). */
const searchTexts = new WeakMap<QuickPickItem, string>();

function searchTextOf(item: QuickPickItem): string {
  let text = searchTexts.get(item);
  if (text === undefined) {
    text = [item.label, item.description, item.group, ...(item.keywords ?? [])]
      .join(' ')
      .toLowerCase();
    searchTexts.set(item, text);
  }
  return text;
}

/**
 * The items that match `query`: every word must appear in the label, description, group or
 * keywords (case-insensitive). Label matches come first, then the rest in their order.
 */
export function matchItems(items: readonly QuickPickItem[], query: string): QuickPickItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  const scored = items
    .map((item, index) => {
      const label = item.label.toLowerCase();
      const text = searchTextOf(item);
      if (!words.every((w) => text.includes(w))) return undefined;
      const inLabel = words.filter((w) => label.includes(w)).length;
      const starts = label.startsWith(words[0] ?? '') ? 1 : 0;
      return { item, index, score: inLabel * 2 + starts };
    })
    .filter((entry) => entry !== undefined);
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map((entry) => entry.item);
}
