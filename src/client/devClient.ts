// Dev server only (injected by `docsgen serve`, never by the build): live reload over
// server-sent events and the problem overlay. The server tells each open page whether it changed
// (reload, keeping the scroll position) or only its problems did (the overlay updates in place).
// Everything shown comes from the server as plain text and is set with textContent.
import { getStrings } from '../shared/i18n/index.ts';
import { DEV_CHANGED_EVENT } from '../shared/page.ts';
import type { OverlayProblem } from '../shared/overlayProblem.ts';

interface ProblemsMessage {
  problems: OverlayProblem[];
  more: number;
}

const SCROLL_KEY = 'docsgen.dev.scroll';
const script = document.querySelector<HTMLScriptElement>('script[data-docsgen-dev]');
const eventsUrl = new URL('events', import.meta.url);
let signature = script?.dataset.docsgenDev ?? '';
let serverId: string | undefined;
let source: EventSource | undefined;
let connectedPath = '';

function strings() {
  return getStrings(document.documentElement.lang || 'en').devServer;
}

// ---------------------------------------------------------------- reload keeping the scroll position

function reload(): void {
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: location.pathname, x: scrollX, y: scrollY }));
  } catch {
    // Storage may be unavailable (private mode): reload without restoring.
  }
  location.reload();
}

function restoreScroll(): void {
  let saved: { path: string; x: number; y: number } | null = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? 'null');
    sessionStorage.removeItem(SCROLL_KEY);
  } catch {
    return;
  }
  if (!saved || saved.path !== location.pathname) return;
  const { x, y } = saved;
  // After layout (and hydration, which may move things by a few pixels).
  const apply = () => requestAnimationFrame(() => window.scrollTo(x, y));
  if (document.readyState === 'complete') apply();
  else addEventListener('load', apply, { once: true });
}

// ---------------------------------------------------------------- connection

function connect(): void {
  source?.close();
  connectedPath = location.pathname;
  const url = new URL(eventsUrl);
  url.searchParams.set('path', connectedPath);
  if (signature) url.searchParams.set('signature', signature);
  source = new EventSource(url);
  source.addEventListener('hello', (e) => {
    const { id } = JSON.parse((e as MessageEvent).data) as { id: string };
    // The server restarted: what this page shows may be out of date.
    if (serverId && serverId !== id) return reload();
    serverId = id;
  });
  source.addEventListener('reload', () => reload());
  // Other pages may have changed: the client router must not show what it fetched before.
  source.addEventListener('changed', () => dispatchEvent(new Event(DEV_CHANGED_EVENT)));
  source.addEventListener('problems', (e) => overlay.show(JSON.parse((e as MessageEvent).data) as ProblemsMessage));
}

/** Client-side navigation changes the page without a load: follow it. */
function watchNavigation(): void {
  const check = () => {
    if (location.pathname === connectedPath) return;
    // The page was fetched just now; the server compares from here on.
    signature = '';
    connect();
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      queueMicrotask(check);
    };
  }
  addEventListener('popstate', check);
}

// ---------------------------------------------------------------- overlay

const STYLE = `
:host { all: initial; }
.backdrop { position: fixed; inset: 0; background: rgb(0 0 0 / 0.55); z-index: 2147483646; }
.panel { position: fixed; z-index: 2147483647; inset: 5vh 50% auto auto; transform: translateX(50%); width: min(56rem, calc(100vw - 2rem));
  max-height: 90vh; overflow: auto; box-sizing: border-box; padding: 1.25rem 1.5rem; border-radius: 8px; border-top: 6px solid #ff6b6b;
  background: #18181b; color: #f4f4f5; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif;
  box-shadow: 0 12px 40px rgb(0 0 0 / 0.5); }
.panel:focus { outline: none; }
header { display: flex; align-items: center; justify-content: space-between; gap: 1rem; }
h2 { margin: 0; font-size: 1.15rem; color: #ffb4b4; }
button { font: inherit; color: #f4f4f5; background: #3f3f46; border: 1px solid #71717a; border-radius: 6px; padding: 0.3rem 0.8rem; cursor: pointer; }
button:hover { background: #52525b; }
button:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
.lead { margin: 0.4rem 0 1rem; color: #d4d4d8; }
ol { margin: 0; padding: 0; list-style: none; }
li { border-top: 1px solid #3f3f46; padding: 0.9rem 0; }
.where { margin: 0; font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #a5d8ff; word-break: break-all; }
.code { color: #d4d4d8; margin-left: 0.5rem; }
.message { margin: 0.3rem 0; font-weight: 600; white-space: pre-wrap; overflow-wrap: anywhere; }
.hint { margin: 0.3rem 0; color: #d4d4d8; }
.hint b { color: #f4f4f5; }
pre { margin: 0.5rem 0 0; padding: 0.6rem 0; background: #27272a; border-radius: 6px; overflow-x: auto;
  font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.line { display: block; padding: 0 0.8rem; white-space: pre; color: #e4e4e7; }
.line.mark { background: #5b1f24; color: #fff; }
.more { margin: 0.8rem 0 0; color: #d4d4d8; }
`;

class Overlay {
  private host: HTMLElement | null = null;
  private shown = '';
  private dismissed = '';
  private returnFocus: Element | null = null;

  show(data: ProblemsMessage): void {
    const key = JSON.stringify(data);
    if (!data.problems.length) return this.hide();
    if (key === this.shown || key === this.dismissed) return;
    this.shown = key;
    this.dismissed = '';
    this.render(data);
  }

  hide(): void {
    if (!this.host) return;
    this.host.remove();
    this.host = null;
    this.shown = '';
    if (this.returnFocus instanceof HTMLElement) this.returnFocus.focus({ preventScroll: true });
    this.returnFocus = null;
  }

  private dismiss(): void {
    this.dismissed = this.shown;
    this.hide();
  }

  private render({ problems, more }: ProblemsMessage): void {
    const t = strings();
    const wasOpen = Boolean(this.host);
    this.host?.remove();
    if (!wasOpen) this.returnFocus = document.activeElement;
    const host = document.createElement('docsgen-dev-overlay');
    const root = host.attachShadow({ mode: 'open' });
    const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, text?: string) => {
      const node = document.createElement(tag);
      for (const [k, v] of Object.entries(props)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      return node;
    };
    const style = el('style', {}, STYLE);
    const backdrop = el('div', { class: 'backdrop' });
    backdrop.addEventListener('click', () => this.dismiss());
    const panel = el('section', {
      class: 'panel',
      role: 'alertdialog',
      'aria-modal': 'true',
      'aria-labelledby': 'docsgen-dev-title',
      'aria-describedby': 'docsgen-dev-lead',
      tabindex: '-1',
    });
    const header = el('header');
    const count = problems.length + more;
    header.append(el('h2', { id: 'docsgen-dev-title' }, t.overlayTitle(count)));
    const close = el('button', { type: 'button' }, t.close);
    close.addEventListener('click', () => this.dismiss());
    header.append(close);
    panel.append(header, el('p', { class: 'lead', id: 'docsgen-dev-lead' }, t.fixToDismiss));
    const list = el('ol');
    for (const p of problems) {
      const item = el('li');
      const where = el('p', { class: 'where' });
      where.append(
        el('span', {}, p.file ? `${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}` : ''),
        el('span', { class: 'code' }, p.code),
      );
      item.append(where, el('p', { class: 'message' }, p.message));
      if (p.hint) {
        const hint = el('p', { class: 'hint' });
        hint.append(el('b', {}, `${t.hint}: `), document.createTextNode(p.hint));
        item.append(hint);
      }
      if (p.frame?.length) {
        const pre = el('pre');
        const code = el('code');
        const width = String(p.frame[p.frame.length - 1].line).length;
        for (const f of p.frame)
          code.append(el('span', { class: f.mark ? 'line mark' : 'line' }, `${f.mark ? '>' : ' '} ${String(f.line).padStart(width)} | ${f.text}`));
        pre.append(code);
        item.append(pre);
      }
      list.append(item);
    }
    panel.append(list);
    if (more) panel.append(el('p', { class: 'more' }, t.more(more)));
    panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        this.dismiss();
      } else if (e.key === 'Tab') {
        // The close button is the only control: keep focus inside the dialog.
        e.preventDefault();
        close.focus();
      }
    });
    root.append(style, backdrop, panel);
    document.documentElement.append(host);
    this.host = host;
    if (!wasOpen) close.focus({ preventScroll: true });
  }
}

const overlay = new Overlay();
restoreScroll();
connect();
watchNavigation();
