/**
 * What naive-ui 2.x renders without a name or with a wrong role, and offers no prop to change
 * (axe's WCAG 2.1 A/AA rules find each), repaired in the DOM as its nodes appear:
 *
 * - a card's title is `role="heading"` twice (the header and its main part) and without a
 *   level: the outer role goes, the title gets level 2 (views have their h1);
 * - the number input's − and + buttons and the dynamic tags' + button have only an icon: they
 *   get a name;
 * - a data table's header row scrolls (with the body) but cannot take focus: it scrolls by the
 *   body only (see the global style), and is not a scrollable region of its own.
 *
 * One observer for the document; each repair is idempotent, so a re-render that restores an
 * attribute is repaired again.
 */

interface Repair {
  readonly selector: string;
  apply(element: Element): void;
}

const REPAIRS: readonly Repair[] = [
  {
    selector: '.n-card-header[role="heading"]',
    apply: (header) => header.setAttribute('role', 'none'),
  },
  {
    selector: '.n-card-header__main[role="heading"]:not([aria-level])',
    apply: (title) => title.setAttribute('aria-level', '2'),
  },
  {
    selector: '.n-input-number .n-input__suffix > .n-button:not([aria-label])',
    apply: (button) => {
      const first = button.parentElement?.querySelector('.n-button') === button;
      button.setAttribute('aria-label', first ? 'Decrease' : 'Increase');
    },
  },
  {
    selector: '.n-dynamic-tags .n-button:not([aria-label])',
    apply: (button) => button.setAttribute('aria-label', 'Add'),
  },
];

/** Applies every repair to what is under `root` now. */
function repairAria(root: ParentNode): void {
  for (const repair of REPAIRS) {
    root.querySelectorAll(repair.selector).forEach((element) => repair.apply(element));
  }
}

/**
 * Repairs the document now and whenever nodes are added or a `role` changes, batched to one
 * pass per frame. Returns the function that stops it.
 */
export function watchAriaRepairs(doc: Document = document): () => void {
  let scheduled = false;
  const run = (): void => {
    scheduled = false;
    repairAria(doc);
  };
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(run);
  });
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['role', 'aria-label'],
  });
  repairAria(doc);
  return () => observer.disconnect();
}
