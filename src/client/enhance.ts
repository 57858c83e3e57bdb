// Behaviour of the static HTML that Markdown produces (copy buttons, tabs), by event delegation
// on the document, so it keeps working across client-side navigations without re-binding.
import { getStrings } from 'docsgen/strings';

export function enhanceContent(_initialLocale: string): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    const copy = target.closest?.('[data-copy]');
    if (copy) return copyCode(copy as HTMLButtonElement);
    const tab = target.closest?.('[data-tabs] [role="tab"]');
    if (tab) selectTab(tab as HTMLElement);
  });
  // 'toggle' does not bubble: caught on its way down. A large folded API schema tree is filled on opening.
  document.addEventListener(
    'toggle',
    (event) => {
      const fold = event.target as HTMLDetailsElement;
      if (fold.open && fold.dataset?.apiTree) void import('./apiPanels.ts').then((m) => m.fillTree(fold));
    },
    true,
  );
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element).closest?.('[data-tabs] [role="tab"]');
    if (!tab || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const tabs = [...tab.parentElement!.querySelectorAll<HTMLElement>('[role="tab"]')];
    const i = tabs.indexOf(tab as HTMLElement);
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (i + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
    event.preventDefault();
    selectTab(tabs[next]);
    tabs[next].focus();
  });
}

function copyCode(button: HTMLButtonElement) {
  const code = button.parentElement?.querySelector('code')?.textContent ?? '';
  const strings = getStrings(document.documentElement.lang);
  void navigator.clipboard?.writeText(code).then(() => {
    button.textContent = strings.copied;
    button.dataset.copied = '';
    setTimeout(() => {
      button.textContent = strings.copy;
      delete button.dataset.copied;
    }, 1500);
  });
}

function selectTab(tab: HTMLElement) {
  const list = tab.parentElement!;
  for (const t of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(t.getAttribute('aria-controls')!);
    panel?.toggleAttribute('hidden', !selected);
    // API pages' panels filled on first view (their code loads then).
    if (selected && panel && (panel.dataset.apiExample || panel.querySelector('[data-api-body]')))
      void import('./apiPanels.ts').then((m) => m.fillPanel(panel));
  }
}
